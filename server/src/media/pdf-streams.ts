import { createInflate, type Inflate } from 'node:zlib';
import { MediaError, MEDIA_MSG } from './messages.ts';

/**
 * The longest a single Flate stream of a PDF may inflate to. pdf.js holds a decoded stream whole in memory (and
 * an image stream again as pixels), and has no limit of its own: a 1.5 MB page can inflate to 1.5 GB. Label artwork
 * stays far below: an A4 page scanned at 300 dpi in CMYK is 35 MB of pixels, a 600 dpi RGB scan 105 MB.
 */
export const MAX_PDF_STREAM_BYTES = 128 * 1024 * 1024;

const STREAM = Buffer.from('stream');
/** How far back from `stream` its dictionary may start: dictionaries of streams are short. */
const DICTIONARY_WINDOW = 4096;

/** Inflates through `stages` inflaters without keeping the output; resolves false once `max` bytes came out. */
function inflatesWithin(data: Buffer, stages: number, max: number): Promise<boolean> {
  return new Promise((resolve) => {
    const chain: Inflate[] = Array.from({ length: stages }, () => createInflate());
    let out = 0;
    let settled = false;
    const settle = (within: boolean) => {
      if (settled) return;
      settled = true;
      for (const stage of chain) stage.destroy();
      resolve(within);
    };
    for (let i = 0; i + 1 < chain.length; i++) chain[i].pipe(chain[i + 1]);
    const last = chain[chain.length - 1];
    last.on('data', (chunk: Buffer) => {
      out += chunk.length;
      if (out > max) settle(false);
    });
    last.on('end', () => settle(true));
    // Damaged data is pdf.js's to judge (it reads what it can): only the size is ours.
    for (const stage of chain) stage.on('error', () => settle(true));
    chain[0].end(data);
  });
}

/**
 * Refuses a PDF any Flate stream of which inflates past MAX_PDF_STREAM_BYTES, before pdf.js is given it. Streams
 * are found by their keywords rather than through the cross-reference table, so a damaged table hides none; a
 * stream encoded with Flate more than once is inflated through every stage. Memory stays at zlib's window size.
 */
export async function assertPdfStreamsWithinLimits(pdf: Uint8Array, max = MAX_PDF_STREAM_BYTES): Promise<void> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    if (bytes.subarray(at - 3, at).toString('latin1') === 'end') continue; // 'endstream'
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue; // the keyword ends its line: anything else is not a stream
    start++;
    const dictionary = bytes.subarray(Math.max(0, at - DICTIONARY_WINDOW), at).toString('latin1');
    const own = dictionary.slice(dictionary.lastIndexOf(' obj') + 1);
    const stages = own.match(/\/FlateDecode\b|\/Fl\b/g)?.length ?? 0;
    if (!stages) continue;
    let end = bytes.indexOf('endstream', start);
    if (end < 0) end = bytes.length;
    if (!(await inflatesWithin(bytes.subarray(start, end), stages, max))) throw new MediaError(MEDIA_MSG.tooComplexPdf);
    at = end;
  }
}
