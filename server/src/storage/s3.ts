import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store.ts';

// The SDK version is pinned in the lock file; its notice about future versions needing Node 22 is noise in every log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

// The SDK is a second of loading: only a process that stores in S3 (or reads an S3 ingestion source) pays it.
type Sdk = typeof import('@aws-sdk/client-s3') & Pick<typeof import('@aws-sdk/lib-storage'), 'Upload'>;
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = () =>
  (sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
    ...s3,
    Upload: storage.Upload,
  })));

const missing = (sdk: Sdk, err: unknown) =>
  err instanceof sdk.S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Blobs in an S3-compatible bucket. Uploads stream in parts (large files never sit in memory whole), and an object
 * appears under its key only when its upload completes, so a crash never leaves half a file under a key.
 */
export class S3Store implements BlobStore {
  private connecting?: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(private settings: S3Settings) {}

  /** The SDK and a client, made at the first call. */
  private connect() {
    const { settings } = this;
    return (this.connecting ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // A store that does not answer fails the call in seconds (a request sees 503, a job waits and retries)
        // instead of holding it for minutes.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
    })));
  }

  async put(key: string, body: Readable, opts: { contentType?: string } = {}): Promise<{ size: number }> {
    assertSafeKey(key);
    // Connected before listening: a 'data' listener starts the stream flowing.
    const { sdk, client } = await this.connect();
    let size = 0;
    body.on('data', (chunk: Buffer) => (size += chunk.length));
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: opts.contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    });
    await upload.done();
    return { size };
  }

  async putFile(key: string, file: string): Promise<{ size: number }> {
    const result = await this.put(key, createReadStream(file));
    await rm(file, { force: true });
    return result;
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (err) {
      if (missing(sdk, err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (err) {
      if (missing(sdk, err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modified: Date }> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, modified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ping(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  close() {
    // A failed connect was already reported to its caller.
    void this.connecting?.then(
      ({ client }) => client.destroy(),
      () => {},
    );
  }
}
