import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, UPLOAD_MSG, type UploadKind } from '@portal/domain';
import { convertHeifUpload, inspectUpload as inspectFile } from '../../media/media-pool.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { assertWithinQuota, sumOfSizes } from './quota.ts';

export interface ReceivedFile {
  fileName: string;
  tempPath: string;
  size: number;
  kind: UploadKind;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
  /** Removes whatever temporary files are still there (moved files are already gone). */
  discard(): Promise<void>;
}

/** A user's file name is only a label: no path, no control characters, a sane length. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(-200);
  return clean && clean !== '.' && clean !== '..' ? clean : 'file';
}

/**
 * Streams every file part of a multipart request to a temporary file (never whole files in memory),
 * enforcing the size limit while streaming, then checks each by content. Any failure removes every
 * temporary file and answers with a clear 4xx, so a failed request leaves nothing behind.
 */
export async function receiveUploads(
  request: FastifyRequest,
  tempDir: string,
  opts: {
    maxFiles: number;
    fileField?: string;
    /** The company whose storage quota the files count against. */ quota?: { ctx: AppContext; companyId: number };
  },
): Promise<ReceivedUpload> {
  const received: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const discard = async () => {
    await Promise.all(received.map((f) => rm(f.tempPath, { force: true })));
  };
  // Each file is checked as soon as it has arrived, while the next one streams in.
  const checks: Promise<void>[] = [];
  const check = async (file: ReceivedFile) => {
    if (file.size === 0) throw badRequest(`${file.fileName}: ${UPLOAD_MSG.size}`, { [file.fileName]: UPLOAD_MSG.size });
    // Phone photos in HEIC are kept as JPEG: browsers, thumbnails and barcode readers all read that.
    const conversion = await convertHeifUpload(file.tempPath);
    if ('error' in conversion) {
      throw badRequest(`${file.fileName}: ${conversion.error}`, { [file.fileName]: conversion.error });
    }
    if (conversion.converted) file.size = (await stat(file.tempPath)).size;
    const info = await inspectFile(file.tempPath);
    if ('error' in info) throw badRequest(`${file.fileName}: ${info.error}`, { [file.fileName]: info.error });
    file.kind = info.kind;
  };
  try {
    if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
    const parts = request.parts({
      // A field is short text, or a product's facts as JSON (ingredients up to 5,000 characters).
      limits: { fileSize: MAX_FILE_BYTES, files: opts.maxFiles, fields: 20, fieldSize: 32_000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is too long.`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (opts.fileField && part.fieldname !== opts.fileField) {
        part.file.resume();
        continue;
      }
      const tempPath = path.join(tempDir, randomUUID());
      const entry = { fileName: displayName(part.filename), tempPath, size: 0, kind: 'png' as UploadKind };
      received.push(entry);
      part.file.on('data', (chunk: Buffer) => (entry.size += chunk.length));
      await pipeline(part.file, createWriteStream(tempPath, { flags: 'wx' }));
      if (part.file.truncated) {
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${entry.fileName}: ${UPLOAD_MSG.size}`);
      }
      const pending = check(entry);
      pending.catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"
      checks.push(pending);
    }
    await Promise.all(checks);
    if (opts.quota) {
      const { ctx, companyId } = opts.quota;
      await assertWithinQuota(ctx.db, ctx.config, companyId, sumOfSizes(received));
    }
    return { files: received, fields, discard };
  } catch (err) {
    await Promise.allSettled(checks);
    await discard();
    throw translateMultipartError(err);
  }
}

function translateMultipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new HttpError(413, 'TOO_MANY_FILES', UPLOAD_MSG.tooMany);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.size);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('Send the files as multipart/form-data.');
  return err;
}
