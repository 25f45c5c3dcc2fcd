import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { S3ClientConfig } from "@aws-sdk/client-s3";
import { isStorageKey } from "./names";
import { checkKey, type MediaStorage, type StoredObject } from "./storage-types.server";

export type S3Settings = Pick<S3ClientConfig, "region" | "forcePathStyle" | "endpoint" | "credentials">;

/**
 * The S3-compatible driver. The AWS SDK is loaded on the first call, not when the server starts: it is
 * the heaviest package the server has (about 0.2 s of CPU to import), and most installations keep their
 * media on disk and never need it.
 */
async function loadSdk(settings: S3Settings) {
  const [s3, storage] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  return { ...s3, Upload: storage.Upload, client: new s3.S3Client(settings) };
}

export class S3Storage implements MediaStorage {
  readonly kind = "s3" as const;
  private sdk: ReturnType<typeof loadSdk> | undefined;
  constructor(
    private settings: S3Settings,
    private bucket: string,
  ) {}

  private load() {
    if (!this.sdk) {
      this.sdk = loadSdk(this.settings);
      // A failed load is tried again on the next call rather than remembered.
      this.sdk.catch(() => (this.sdk = undefined));
    }
    return this.sdk;
  }

  async putFile(key: string, file: string, contentType: string) {
    checkKey(key);
    const { Upload, client } = await this.load();
    // Multipart upload from a stream: a 500 MB video is never held in memory.
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    await upload.done();
    await rm(file, { force: true });
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null> {
    checkKey(key);
    const { GetObjectCommand, client } = await this.load();
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ""}` : undefined }),
      );
      const body = out.Body;
      if (!(body instanceof Readable)) throw new Error("réponse S3 sans corps lisible");
      const m = out.ContentRange?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
      if (m) return { body, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
      return { body, size: Number(out.ContentLength ?? 0) };
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      // A range beyond the end: answer the whole object, as the local driver does.
      if (name === "InvalidRange" && range) return this.get(key);
      throw e;
    }
  }

  async delete(key: string) {
    checkKey(key);
    const { DeleteObjectCommand, client } = await this.load();
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list() {
    const { ListObjectsV2Command, client } = await this.load();
    let token: string | undefined;
    do {
      const out = await client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key && isStorageKey(o.Key)) yield { key: o.Key, size: Number(o.Size ?? 0) };
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
}
