import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk in the embedded mode, an S3-compatible store when configured. */
export interface BlobStore {
  /** Streams the body to storage; resolves with the byte count once the blob is complete and durable. */
  put(key: string, body: Readable, opts?: { contentType?: string }): Promise<{ size: number }>;
  /** Moves a complete local file into storage (the file is gone afterwards). */
  putFile(key: string, file: string): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix (for cleanup of unreferenced blobs). */
  list(prefix: string): AsyncIterable<{ key: string; modified: Date }>;
  /** Resolves when the storage can be written to (readiness check). */
  ping(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`The stored file ${key} is missing from this instance's storage`);
  }
}

/** Keys are ours, never user paths: letters, digits, '-', '_', '.', and '/' between segments. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
