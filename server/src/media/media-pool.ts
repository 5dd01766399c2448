import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { UploadKind } from '@portal/domain';
import { kindBySignature, readFileHead } from './file-signature.ts';
import { inspectFile, type InspectResult } from './inspect.ts';
import type { MediaTask } from './media-thread.ts';
import type { Thumbnail } from './thumbnail.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * A few worker threads for media work, so uploads and page loads stay responsive while photos are read.
 * Tasks queue for the next free thread; a thread that dies is replaced and its task fails (the job retries).
 */
class MediaPool {
  private idle: Worker[] = [];
  private busy = new Map<Worker, { id: number; pending: Pending }>();
  private queue: { id: number; task: MediaTask; pending: Pending }[] = [];
  private nextId = 1;
  private size: number;

  constructor(size: number) {
    this.size = size;
  }

  run<T>(task: MediaTask): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, pending: { resolve: resolve as (v: unknown) => void, reject } });
      this.dispatch();
    });
  }

  private spawn(): Worker {
    // tsx compiles the thread's TypeScript the same way it does the server's.
    const worker = new Worker(new URL('./media-thread-boot.mjs', import.meta.url));
    worker.unref(); // an idle pool never keeps the process alive
    worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const job = this.busy.get(worker);
      if (!job || job.id !== msg.id) return;
      this.busy.delete(worker);
      this.idle.push(worker);
      if (msg.ok) job.pending.resolve(msg.result);
      else job.pending.reject(new Error(msg.error));
      this.dispatch();
    });
    worker.on('error', (err) => this.lose(worker, err));
    worker.on('exit', (code) => this.lose(worker, new Error(`media thread exited with code ${code}`)));
    return worker;
  }

  private lose(worker: Worker, err: Error) {
    this.idle = this.idle.filter((w) => w !== worker);
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    job?.pending.reject(err);
    this.dispatch();
  }

  private dispatch() {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const next = this.queue.shift()!;
      this.busy.set(worker, { id: next.id, pending: next.pending });
      worker.ref();
      worker.postMessage({ id: next.id, task: next.task });
    }
    for (const w of this.idle) w.unref();
  }

  async close() {
    const all = [...this.idle, ...this.busy.keys()];
    this.idle = [];
    await Promise.all(all.map((w) => w.terminate()));
  }
}

// One core stays free for the web server on small machines.
const pool = new MediaPool(Math.max(1, Math.min(4, availableParallelism() - 1)));

export const readBarcodesOffThread = (path: string, kind: UploadKind) => pool.run<string[]>({ op: 'barcodes', path, kind });

export const makeThumbnailOffThread = async (path: string, kind: UploadKind, maxSize: number): Promise<Thumbnail> => {
  const thumb = await pool.run<Thumbnail>({ op: 'thumbnail', path, kind, maxSize });
  return { ...thumb, data: Buffer.from(thumb.data) }; // structured clone hands back a Uint8Array
};

/**
 * Images are checked by sharp, which already works off the event loop; PDFs are parsed by pdf.js, which runs on
 * the calling thread, so they go to the pool.
 */
export async function inspectUpload(path: string): Promise<InspectResult> {
  if (kindBySignature(await readFileHead(path)) !== 'pdf') return inspectFile(path);
  return pool.run<InspectResult>({ op: 'inspect', path });
}

export const closeMediaPool = () => pool.close();
