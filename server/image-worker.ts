import { readdirSync } from "node:fs";
import os from "node:os";
import { runImageJob, toFailure, type ImageJob } from "~/lib/media/image-jobs.server";

/**
 * Image process of app/lib/media/image-pool.server.ts: one job at a time, answered in order, every
 * thread at the lowest priority by default (IMAGE_WORKER_NICE, 19): against a visitor's request at nice 0 it weighs 15 to 1024
 * in Linux's scheduler (nice 10 weighed 110), so a request that wakes up takes a core from the decoding
 * at once; on an otherwise idle machine the decoding still gets every free cycle.
 */
// IMAGE_WORKER_NICE was checked by the server's boot (app/lib/env.server.ts) before this process was forked.
const NICE = Number(process.env.IMAGE_WORKER_NICE ?? 19);

// On Linux a nice value belongs to a thread, and a new thread starts with its creator's: lowering every
// thread that exists (Node's own, sharp's) covers the libuv and libvips threads started later, which do
// the decoding. Elsewhere the process's priority is lowered, or the call refused: both harmless.
function lowerPriority() {
  try {
    for (const tid of readdirSync("/proc/self/task")) os.setPriority(Number(tid), NICE);
  } catch {
    try {
      os.setPriority(NICE);
    } catch {
      /* not permitted: the work runs at the server's priority */
    }
  }
}

lowerPriority();
// The parent going away (stopped, killed) leaves nothing for this process to do.
process.on("disconnect", () => process.exit(0));
process.on("message", (job: ImageJob) => {
  // Threads started since the last job (a libvips pool growing) are lowered too.
  lowerPriority();
  runImageJob(job).then(
    (result) => process.send?.({ result }),
    (e: unknown) => process.send?.({ error: toFailure(e) }),
  );
});
process.send?.({ ready: true });
