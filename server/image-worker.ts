import { readdirSync } from "node:fs";
import os from "node:os";
import { runImageJob, toFailure, type ImageJob } from "~/lib/media/image-jobs.server";

/**
 * Image process of app/lib/media/image-pool.server.ts: one job at a time, answered in order, every
 * thread at a lower priority than the server's.
 */
const NICE = 10;

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
