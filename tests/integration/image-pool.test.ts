import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../support/auth";
import { jpegWithGps, multipart, MULTIPART_TYPE } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Image work runs in a separate process whose every thread, libvips' decoding threads included, has a
 * lower priority than the server's (app/lib/media/image-pool.server.ts, decision 035): read from /proc
 * after real uploads. A killed image process is replaced for the next upload.
 *
 * Waits, not speed limits: this file's server runs image work at nice 19, the production value, so beside a
 * process that keeps both cores busy (issue 23 item 7: the suite must pass so) that work gets about 1.5 % of a
 * core and three 1600×1200 uploads took over the 30 s a request is usually given. That is the design (visitors
 * first); the test waits for it instead of failing.
 */
const SLOW = 300_000;
const ENGINES = await engines();

/** Process ids of every descendant of `pid`. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const visit = (p: number) => {
    for (const tid of readdirSync(`/proc/${p}/task`)) {
      const kids = readFileSync(`/proc/${p}/task/${tid}/children`, "utf8").trim();
      for (const k of kids ? kids.split(/\s+/).map(Number) : []) {
        found.push(k);
        visit(k);
      }
    }
  };
  visit(pid);
  return found;
}

/** The nice value of a thread (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceOf(pid: number, tid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}
const threadNices = (pid: number) => readdirSync(`/proc/${pid}/task`).map((tid) => niceOf(pid, Number(tid)));

const imageProcesses = (server: TestServer) =>
  descendants(server.pid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").includes("image-worker.js");
    } catch {
      return false;
    }
  });

describe.skipIf(process.platform !== "linux").each(ENGINES)("image process on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  const upload = async (name: string) =>
    call(server, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([{ name: "file", filename: name, type: "image/jpeg", data: await jpegWithGps(1600, 1200) }]),
      headers: { "content-type": MULTIPART_TYPE },
      timeoutMs: SLOW,
    });

  beforeAll(async () => {
    // The production priorities (the other test servers run background work at 0: tests/support/server.ts).
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, IMAGE_WORKER_NICE: "19", DOCUMENT_WORKER_NICE: "10" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => server?.stop());

  it("decodes uploads in one process whose threads all run at a lower priority than the server", { timeout: 2 * SLOW }, async () => {
    const uploads = await Promise.all(["a.jpg", "b.jpg", "c.jpg"].map(upload));
    for (const res of uploads) expect(res.status).toBe(201);
    const [image, ...others] = imageProcesses(server);
    expect(image).toBeDefined();
    expect(others).toEqual([]);
    const nices = threadNices(image);
    // Node's own threads, libuv's pool and libvips' workers, started before and during the decoding.
    expect(nices.length).toBeGreaterThan(4);
    expect(new Set(nices)).toEqual(new Set([19]));
    // The server's own thread keeps its priority, the one it started with (this runner's, which may itself be
    // lowered with `nice`); the document worker's thread lowers itself, as before.
    expect(niceOf(server.pid, server.pid)).toBe(os.getPriority());
  });

  it("replaces an image process that was killed", { timeout: 2 * SLOW }, async () => {
    const [before] = imageProcesses(server);
    process.kill(before, "SIGKILL");
    // Gone from /proc once the server has reaped it (a zombie keeps its entry, with an empty command line); a
    // killed process at nice 19 still needs the CPU to end, which a busy machine gives it late.
    await expect.poll(() => existsSync(`/proc/${before}`), { timeout: 60_000 }).toBe(false);
    const res = await upload("d.jpg");
    expect(res.status, `${res.text}\n${server.logs()}`).toBe(201);
    const [after] = imageProcesses(server);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});
