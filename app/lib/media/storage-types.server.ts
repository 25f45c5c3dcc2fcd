import type { Readable } from "node:stream";
import { isStorageKey } from "./names";

/** What every storage driver (storage.server.ts, s3-storage.server.ts) offers and returns. */
export interface StoredObject {
  body: Readable;
  /** Full size of the object. */
  size: number;
  /** Inclusive byte range actually returned, when a range was asked for and satisfiable. */
  range?: { start: number; end: number };
}

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** Stores a file from local disk under `key` (the source file is consumed: moved or deleted). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file (keys that are ours only), for backups. */
  list(): AsyncIterable<{ key: string; size: number }>;
}

/** A key is never a path the outside chose: checked again by each driver before any use. */
export function checkKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`clé de stockage refusée : ${JSON.stringify(key)}`);
}
