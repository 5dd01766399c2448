// Runs in a child process of the server (see media-pool.ts): the work on untrusted files (decoding images, parsing
// and rendering PDFs, WebAssembly barcode readers), which needs CPU and, for hostile files, memory that the server
// must never have to give.
import { Worker } from 'node:worker_threads';
import type { UploadKind } from '@portal/domain';
import { analyseFile, readBarcodes, readBarcodesChecked } from './barcodes.ts';
import { convertHeifToJpeg } from './heif.ts';
import { inspectFile } from './inspect.ts';
import { readSheetFile } from './sheet-reader.ts';
import { readPhotoText } from './text-reading.ts';
import { makeThumbnail } from './thumbnail.ts';

export type MediaTask =
  | { op: 'barcodes'; path: string; kind: UploadKind }
  | { op: 'barcodes-checked'; path: string; kind: UploadKind }
  | { op: 'analyse'; path: string; kind: UploadKind }
  | { op: 'thumbnail'; path: string; kind: UploadKind; maxSize: number }
  | { op: 'inspect'; path: string }
  | { op: 'heif-to-jpeg'; path: string }
  | { op: 'sheet'; path: string }
  | { op: 'read-text'; path: string; kind: UploadKind };

async function run(task: MediaTask): Promise<unknown> {
  switch (task.op) {
    case 'barcodes':
      return readBarcodes(task.path, task.kind);
    case 'barcodes-checked':
      return readBarcodesChecked(task.path, task.kind);
    case 'analyse':
      return analyseFile(task.path, task.kind);
    case 'thumbnail':
      return makeThumbnail(task.path, task.kind, { maxSize: task.maxSize });
    case 'inspect':
      return inspectFile(task.path);
    case 'heif-to-jpeg':
      return convertHeifToJpeg(task.path);
    case 'sheet':
      return readSheetFile(task.path);
    case 'read-text':
      return readPhotoText(task.path, task.kind);
  }
}

async function answer({ id, task }: { id: number; task: MediaTask }) {
  try {
    process.send!({ id, ok: true, result: await run(task) });
  } catch (err) {
    const error = err as Error;
    process.send!({ id, ok: false, error: error?.message ?? String(err), media: error?.name === 'MediaError' });
  }
}

/**
 * A parent killed outright (kill -9, the OOM killer) sends no goodbye, and a process busy on a file runs none of its
 * own events (the decoders and WebAssembly readers hold its thread for seconds, minutes on a starved host), so the
 * channel's 'disconnect' may wait for the task to end. A thread of its own watches the parent instead: when this
 * process is handed to another parent (its parent id changes), the server is gone and the process ends at once.
 */
const PARENT_WATCH_MS = 500;
const parentWatch = new Worker(
  `const { workerData } = require('node:worker_threads');
  setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL'); }, ${PARENT_WATCH_MS});`,
  { eval: true, workerData: { parent: process.ppid } },
);
parentWatch.unref();

process.on('message', (message: { id: number; task: MediaTask }) => void answer(message));
// The server is gone: so is the reason to live.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
