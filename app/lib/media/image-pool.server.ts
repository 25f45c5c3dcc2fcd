import { fork, type ChildProcess } from "node:child_process";
import { env } from "~/lib/env.server";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { fromFailure, runImageJob, type ImageJob, type JobFailure } from "./image-jobs.server";
import { ImageRefused, type ProcessedImage } from "./images.server";

/**
 * Decoding and encoding images (uploads, edits) runs in IMAGE_WORKERS separate processes whose every
 * thread has a lower priority than the server's (server/image-worker.ts): while photos are imported,
 * visitors' pages keep the cores. sharp does its work on libuv's and libvips' own threads, not on the
 * JavaScript thread that calls it, so a worker thread lowering its own priority would not slow them; a
 * process lowers all of its threads. Each process takes one image at a time (a 12-megapixel decode
 * holds about 50 MB); at most IMAGE_QUEUE more wait, and beyond that an upload gets a French 503 with
 * Retry-After. A process is started on the first image and stops after a minute without work. Without
 * the built worker file (development server, unit tests) the same bounds apply to work done in place.
 */
const IDLE_MS = 60_000;
/** A job that runs this long (a hung decoder) has its process stopped; the queue moves on. */
const JOB_TIMEOUT_MS = 5 * 60_000;

interface Pending {
  job: ImageJob;
  resolve: (v: ProcessedImage) => void;
  reject: (e: unknown) => void;
}
interface Slot {
  child: ChildProcess | null;
  /** Resolves once the process has lowered its priority and listens (its first message). */
  ready: Promise<void> | null;
  busy: boolean;
  idle: NodeJS.Timeout | null;
}

let workerFile: string | null = null;
let slots: Slot[] = [];
const waiting: Pending[] = [];

/** Called once by the server with the built worker's path (none: the work is done in place). */
export function startImageWorkers(file: string | null) {
  workerFile = file;
}

export async function stopImageWorkers() {
  const all = slots;
  slots = [];
  workerFile = null;
  for (const p of waiting.splice(0)) p.reject(busyError());
  await Promise.all(all.map((s) => stopChild(s)));
}

const busyError = () =>
  new ApiError(503, "busy", "Trop d'images sont en cours de traitement sur le serveur. Réessayez dans quelques secondes.", { "Retry-After": "5" });
const timeoutError = () => new ApiError(503, "image_timeout", "Le traitement de l'image a pris trop de temps. Réessayez plus tard.", { "Retry-After": "30" });

/** Runs one image job, queued behind the others; refused at once (503) when the queue is full. */
export function imageJob(job: ImageJob): Promise<ProcessedImage> {
  const { IMAGE_WORKERS, IMAGE_QUEUE } = env();
  while (slots.length < IMAGE_WORKERS) slots.push({ child: null, ready: null, busy: false, idle: null });
  const free = slots.some((s, i) => i < IMAGE_WORKERS && !s.busy);
  if (!free && waiting.length >= IMAGE_QUEUE) return Promise.reject(busyError());
  return new Promise<ProcessedImage>((resolve, reject) => {
    waiting.push({ job, resolve, reject });
    pump();
  });
}

/** Jobs running or waiting in this process (for the tests and the logs). */
export function imageQueueLength(): number {
  return waiting.length + slots.filter((s) => s.busy).length;
}

function pump() {
  const size = env().IMAGE_WORKERS;
  for (const slot of slots.slice(0, size)) {
    if (slot.busy) continue;
    const next = waiting.shift();
    if (!next) return;
    slot.busy = true;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const finish = (settle: () => void) => {
      slot.busy = false;
      settle();
      if (slot.child && !slot.idle) {
        slot.idle = setTimeout(() => void stopChild(slot), IDLE_MS);
        slot.idle.unref();
      }
      pump();
    };
    const run = workerFile ? inChild(slot, next.job) : runImageJob(next.job);
    run.then(
      (v) => finish(() => next.resolve(v)),
      (e: unknown) => finish(() => next.reject(e)),
    );
  }
}

async function inChild(slot: Slot, job: ImageJob): Promise<ProcessedImage> {
  // A process that died while idle may not have been reaped yet; its closed channel already tells.
  const child = slot.child?.connected ? slot.child : spawnInto(slot);
  await slot.ready;
  return new Promise<ProcessedImage>((resolve, reject) => {
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      fn();
    };
    const onMessage = (m: { result?: ProcessedImage; error?: JobFailure }) =>
      done(() => (m.error ? reject(fromFailure(m.error)) : m.result ? resolve(m.result) : reject(new Error("réponse vide du traitement d'image"))));
    // A decoder that crashes its process on a file is the file's fault far more often than not.
    const onExit = (code: number | null, signal: string | null) =>
      done(() => {
        log.warn(`processus d'images arrêté pendant un traitement (${signal ?? code})`);
        reject(new ImageRefused("invalid_image", "Image illisible ou incomplète."));
      });
    const timer = setTimeout(() => {
      log.warn(`traitement d'image interrompu après ${JOB_TIMEOUT_MS} ms`);
      void stopChild(slot);
      done(() => reject(timeoutError()));
    }, JOB_TIMEOUT_MS);
    child.on("message", onMessage);
    child.on("exit", onExit);
    // The process died before it got the job (not the image's fault): the client may try again.
    child.send(job, (e) => {
      if (e) done(() => reject(busyError()));
    });
  });
}

function spawnInto(slot: Slot): ChildProcess {
  const child = fork(workerFile!, [], { execArgv: [], serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
  // An idle image process must not keep a stopping server alive (it exits when its parent goes).
  child.unref();
  child.channel?.unref();
  slot.child = child;
  slot.ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`processus d'images arrêté au démarrage (code ${code})`)));
  });
  slot.ready.catch(() => {});
  // A message sent as the process dies fails with an "error" event: never an uncaught one in the server.
  child.on("error", (e) => log.warn("processus d'images : erreur de communication", e));
  child.on("exit", () => {
    if (slot.child !== child) return;
    slot.child = null;
    slot.ready = null;
  });
  return child;
}

function stopChild(slot: Slot): Promise<void> {
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  const child = slot.child;
  slot.child = null;
  slot.ready = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill();
  });
}
