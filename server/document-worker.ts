import os from "node:os";
import { parentPort } from "node:worker_threads";
import { runDocumentJob, type DocumentJob } from "~/lib/pipeline/document-jobs.server";

/** Worker thread of app/lib/pipeline/document-pool.server.ts: one job at a time, answered in order. */

// Sanitizing yields the CPU to the request thread: on Linux a nice value is per thread, and priority 0
// here means "the calling thread", so this lowers the worker only. Elsewhere it may lower the process or
// be refused, both harmless.
try {
  // DOCUMENT_WORKER_NICE (default 10) was checked by the server's boot (app/lib/env.server.ts).
  os.setPriority(Number(process.env.DOCUMENT_WORKER_NICE ?? 10));
} catch {
  /* not permitted: the worker runs at the process's priority */
}
// The first message says the modules are loaded: the pool starts its job timers only from here.
parentPort?.postMessage({ ready: true });
parentPort?.on("message", (job: DocumentJob) => {
  try {
    parentPort?.postMessage({ result: runDocumentJob(job) });
  } catch (e) {
    parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
