// Runs in a child process of the server (see media-pool.ts): the work on untrusted files (decoding images, parsing
// and rendering PDFs, WebAssembly barcode readers), which needs CPU and, for hostile files, memory that the server
// must never have to give.
import type { UploadKind } from '@portal/domain';
import { analyseFile, readBarcodes } from './barcodes.ts';
import { convertHeifToJpeg } from './heif.ts';
import { inspectFile } from './inspect.ts';
import { readPhotoText } from './text-reading.ts';
import { makeThumbnail } from './thumbnail.ts';

export type MediaTask =
  | { op: 'barcodes'; path: string; kind: UploadKind }
  | { op: 'analyse'; path: string; kind: UploadKind }
  | { op: 'thumbnail'; path: string; kind: UploadKind; maxSize: number }
  | { op: 'inspect'; path: string }
  | { op: 'heif-to-jpeg'; path: string }
  | { op: 'read-text'; path: string; kind: UploadKind };

async function run(task: MediaTask): Promise<unknown> {
  switch (task.op) {
    case 'barcodes':
      return readBarcodes(task.path, task.kind);
    case 'analyse':
      return analyseFile(task.path, task.kind);
    case 'thumbnail':
      return makeThumbnail(task.path, task.kind, { maxSize: task.maxSize });
    case 'inspect':
      return inspectFile(task.path);
    case 'heif-to-jpeg':
      return convertHeifToJpeg(task.path);
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

process.on('message', (message: { id: number; task: MediaTask }) => void answer(message));
// The server is gone: so is the reason to live.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
