// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- bench and e2e compile this file under their own tsconfig; the reference brings the declaration with it
/// <reference path="./pdfjs-worker.d.ts" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MAX_INPUT_PIXELS } from './limits.ts';
import { MediaError, MEDIA_MSG } from './messages.ts';
import { assertPdfStreamsWithinLimits } from './pdf-streams.ts';

/**
 * Opening untrusted PDFs with pdfjs-dist in Node.
 *
 * The legacy build is the one that runs on Node 20. Its worker code is loaded into this process (no worker
 * thread, nothing fetched), and fonts, CMaps and decoders' wasm come from node_modules, because production
 * machines may have no internet access and must not depend on a CDN.
 */

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdfjs insists on a trailing slash for these folder URLs; in Node it reads them as file paths.
const assetFolder = (name: string) => path.join(pdfjsRoot, name) + path.sep;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsLoading: Promise<Pdfjs> | undefined;

/** Loaded on first use: pdfjs is large and most processes (and tests) never open a PDF. */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjsLoading ??= (async () => {
    // Registering the worker's message handler on globalThis makes pdfjs run it in this thread instead of
    // spawning a worker from a URL.
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  pdfjsLoading.catch(() => (pdfjsLoading = undefined));
  return pdfjsLoading;
}

/**
 * Opens a PDF (a path or its bytes). Throws MediaError with a user-facing message when it cannot be read.
 * The caller must `destroy()` the document when done.
 */
export async function openPdf(input: string | Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // pdfjs needs the whole file in memory (uploads are capped at 15 MB before they get here). It refuses Node
  // Buffers and takes ownership of (detaches) the array it is given, so it gets a plain copy of its own.
  const data = new Uint8Array(typeof input === 'string' ? await readFile(input) : input);
  await assertPdfStreamsWithinLimits(data);
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false, // never compile code taken from a document (PostScript functions, fonts)
    enableXfa: false,
    maxImageSize: MAX_INPUT_PIXELS, // embedded images can be decompression bombs too
    standardFontDataUrl: assetFolder('standard_fonts'),
    cMapUrl: assetFolder('cmaps'),
    cMapPacked: true,
    wasmUrl: assetFolder('wasm'),
    iccUrl: assetFolder('iccs'),
    useSystemFonts: false,
    stopAtErrors: false, // render what can be rendered, as viewers do
    verbosity: 0, // errors only: warnings about quirky fonts would flood the logs
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) {
      await doc.destroy();
      throw new MediaError(MEDIA_MSG.emptyPdf);
    }
    return doc;
  } catch (error) {
    void task.destroy();
    throw toMediaError(error);
  }
}

/** Any pdfjs failure as a user-facing error: a password, or a document pdfjs cannot make sense of. */
export function toMediaError(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  if (error instanceof Error && error.name === 'PasswordException') return new MediaError(MEDIA_MSG.passwordPdf);
  return new MediaError(MEDIA_MSG.unreadablePdf, { cause: error });
}

/** Opens a PDF only to count its pages and to check that page 1 can be parsed. */
export async function readPdfPageCount(input: string | Uint8Array): Promise<number> {
  const doc = await openPdf(input);
  try {
    await doc.getPage(1).catch((error: unknown) => {
      throw toMediaError(error);
    });
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}
