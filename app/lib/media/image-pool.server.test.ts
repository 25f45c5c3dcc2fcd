import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { ApiError } from "~/lib/http/api.server";
import { outputFiles, type ImageJob } from "./image-jobs.server";
import { imageJob, imageQueueLength, startImageWorkers, stopImageWorkers } from "./image-pool.server";

/**
 * The bounds of the image queue, in place (the built server runs the same queue in its image process,
 * tests/integration/image-pool.test.ts): IMAGE_WORKERS at a time, IMAGE_QUEUE waiting, then a French 503.
 */
let dir: string;
let input: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "image-pool-"));
  input = path.join(dir, "photo.jpg");
  writeFileSync(
    input,
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3a6" } })
      .jpeg()
      .toBuffer(),
  );
  loadEnv({ IMAGE_WORKERS: "1", IMAGE_QUEUE: "1", DATA_DIR: dir });
  startImageWorkers(null);
});
afterAll(async () => {
  await stopImageWorkers();
  rmSync(dir, { recursive: true, force: true });
});

const job = (name: string): ImageJob => ({
  kind: "process",
  input,
  type: { type: "image", mime: "image/jpeg", ext: "jpg", label: "JPG" },
  maxPixels: 50_000_000,
  files: outputFiles((suffix, ext) => path.join(dir, `${name}${suffix ? `-${suffix}` : ""}.${ext}`), "jpg"),
});

describe("image queue", () => {
  it("runs one job, lets one wait and refuses the next with a French 503 and Retry-After", async () => {
    const running = imageJob(job("a"));
    const queued = imageJob(job("b"));
    const refused = imageJob(job("c"));
    expect(imageQueueLength()).toBe(2);
    const error = await refused.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    if (error instanceof ApiError) {
      expect(error.status).toBe(503);
      expect(error.headers["Retry-After"]).toMatch(/^\d+$/);
      expect(error.message).toMatch(/Réessayez/);
    }
    const [a, b] = await Promise.all([running, queued]);
    for (const img of [a, b]) {
      expect(img.width).toBe(1200);
      expect(img.variants.map((v) => v.width)).toEqual([480, 960, 1200]);
      expect(existsSync(img.thumb.file)).toBe(true);
    }
    expect(existsSync(path.join(dir, "c.jpg"))).toBe(false);
    expect(imageQueueLength()).toBe(0);
  });

  it("takes new work once the queue has drained", async () => {
    const img = await imageJob(job("d"));
    expect(img.original.file).toBe(path.join(dir, "d.jpg"));
  });
});
