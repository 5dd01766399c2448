// Runs inside a worker thread: the CPU-heavy media work (WebAssembly barcode readers, PDF parsing and rendering)
// that would otherwise block the server's event loop for hundreds of milliseconds per file.
import { parentPort } from 'node:worker_threads';
import type { UploadKind } from '@portal/domain';
import { readBarcodes } from './barcodes.ts';
import { inspectFile } from './inspect.ts';
import { makeThumbnail } from './thumbnail.ts';

export type MediaTask =
  | { op: 'barcodes'; path: string; kind: UploadKind }
  | { op: 'thumbnail'; path: string; kind: UploadKind; maxSize: number }
  | { op: 'inspect'; path: string };

async function run(task: MediaTask): Promise<unknown> {
  switch (task.op) {
    case 'barcodes':
      return readBarcodes(task.path, task.kind);
    case 'thumbnail':
      return makeThumbnail(task.path, task.kind, { maxSize: task.maxSize });
    case 'inspect':
      return inspectFile(task.path);
  }
}

parentPort!.on('message', async ({ id, task }: { id: number; task: MediaTask }) => {
  try {
    parentPort!.postMessage({ id, ok: true, result: await run(task) });
  } catch (err) {
    parentPort!.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
