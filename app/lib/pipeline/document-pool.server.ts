import { Worker } from "node:worker_threads";
import { env } from "~/lib/env.server";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { documentJobs } from "~/lib/metrics/metrics.server";
import { runDocumentJob, type DocumentJob, type JobOutcome } from "./document-jobs.server";

/**
 * Runs document jobs (document-jobs.server.ts) in worker threads, so a save of the largest draft the
 * limits allow costs the request thread a string copy, not seconds of HTML parsing: /healthz and every
 * page keep answering while it runs. A job that overruns DOCUMENT_JOB_TIMEOUT_MS has its worker terminated (a
 * fresh one replaces it) and the request gets a French 422. Without a worker file (development server,
 * unit tests) jobs run in place, bounded by the same markup limits.
 */
// The markup limits keep the worst case near half a second on an idle core; the margin of the default
// (DOCUMENT_JOB_TIMEOUT_MS, 15 s) is for a busy machine (the worker runs at a lower priority), the bound
// for what the limits did not foresee.
/** Waiting jobs beyond this are refused at once (503) rather than queued behind minutes of work. */
const MAX_WAITING = 32;

interface Pending {
  job: DocumentJob;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
interface Slot {
  worker: Worker | null;
  /** Resolves once the worker has loaded its modules (its first message): job timers start after it. */
  ready: Promise<void> | null;
  busy: boolean;
}

let workerFile: string | null = null;
let slots: Slot[] = [];
const waiting: Pending[] = [];

/** Called once by the server with the built worker's path; `size` workers start on first use. */
export function startDocumentWorkers(file: string, size: number) {
  workerFile = file;
  slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: null, ready: null, busy: false }));
  // Started soon, not on the first save (loading the sanitizer takes a while on a busy machine), but
  // after the server has had its chance to start listening: boot time is what a restart waits for.
  const warm = setTimeout(() => {
    for (const slot of slots) if (!slot.worker && workerFile) spawnInto(slot);
  }, 2000);
  warm.unref();
}

export async function stopDocumentWorkers() {
  const all = slots;
  slots = [];
  workerFile = null;
  await Promise.all(all.map((s) => s.worker?.terminate()));
}

const busyError = () => new ApiError(503, "busy", "Le serveur est occupé par d'autres enregistrements. Réessayez dans un instant.", { "Retry-After": "2" });
const timeoutError = () =>
  new ApiError(422, "too_complex", "Ce contenu est trop complexe à nettoyer (délai dépassé). Réduisez la quantité de mise en forme ou découpez le texte.");

export function documentJob<J extends DocumentJob>(job: J): Promise<JobOutcome<J>> {
  if (!workerFile) return Promise.resolve(runDocumentJob(job));
  // Reading what is stored (already within the limits) must not fail a page: when the workers are
  // swamped or a read overruns, it is done in place rather than answered with an error.
  if (waiting.length >= MAX_WAITING) documentJobs.inc({ kind: job.kind, outcome: "busy" });
  if (waiting.length >= MAX_WAITING) return job.kind === "read" ? Promise.resolve(runDocumentJob(job)) : Promise.reject(busyError());
  const queued = new Promise<JobOutcome<J>>((resolve, reject) => {
    waiting.push({ job, resolve: resolve as (v: unknown) => void, reject });
    pump();
  });
  return job.kind === "read" ? queued.catch(() => runDocumentJob(job)) : queued;
}

function pump() {
  for (const slot of slots) {
    if (slot.busy) continue;
    const next = waiting.shift();
    if (!next) return;
    run(slot, next);
  }
}

function run(slot: Slot, p: Pending) {
  slot.busy = true;
  const worker = slot.worker ?? spawnInto(slot);
  void slot.ready!.then(
    () => start(slot, worker, p),
    (e: unknown) => {
      slot.busy = false;
      p.reject(e);
      pump();
    },
  );
}

function start(slot: Slot, worker: Worker, p: Pending) {
  let settled = false;
  const done = (fn: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    worker.off("message", onMessage);
    worker.off("error", onError);
    slot.busy = false;
    fn();
    pump();
  };
  const counted = (outcome: string) => documentJobs.inc({ kind: p.job.kind, outcome });
  const onMessage = (m: { result?: unknown; error?: string }) => {
    counted(m.error !== undefined ? "error" : "ok");
    done(() => (m.error !== undefined ? p.reject(new Error(m.error)) : p.resolve(m.result)));
  };
  const onError = (e: unknown) => {
    slot.worker = null;
    slot.ready = null;
    done(() => p.reject(e));
  };
  const timeoutMs = env().DOCUMENT_JOB_TIMEOUT_MS;
  const timer = setTimeout(() => {
    log.warn(`travail sur un document interrompu après ${timeoutMs} ms`);
    counted("timeout");
    slot.worker = null;
    slot.ready = null;
    void worker.terminate();
    done(() => p.reject(timeoutError()));
  }, timeoutMs);
  worker.on("message", onMessage);
  worker.on("error", onError);
  worker.postMessage(p.job);
}

function spawnInto(slot: Slot): Worker {
  const w = new Worker(workerFile!);
  // An idle worker must not keep a stopping process alive.
  w.unref();
  slot.worker = w;
  slot.ready = new Promise<void>((resolve, reject) => {
    w.once("message", () => resolve());
    w.once("error", reject);
    w.once("exit", (code) => reject(new Error(`processus de nettoyage arrêté au démarrage (code ${code})`)));
  });
  slot.ready.catch(() => {});
  w.on("exit", (code) => {
    for (const s of slots) {
      if (s.worker !== w) continue;
      s.worker = null;
      s.ready = null;
    }
    if (code !== 0 && code !== 1) log.warn(`processus de nettoyage arrêté (code ${code})`);
  });
  return w;
}
