import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader';
import type { RgbaImage } from './pixels.ts';
import { normaliseRetailCode, type RetailFormat } from './retail-code.ts';

const require = createRequire(import.meta.url);

const RETAIL_FORMATS = {
  EAN13: 'EAN-13',
  UPCA: 'UPC-A',
  UPCE: 'UPC-E',
  EAN8: 'EAN-8',
} as const satisfies Record<string, RetailFormat>;

/** Only retail formats: other symbologies would cost time and could only add misreads. */
const BASE_OPTIONS: ReaderOptions = { formats: Object.keys(RETAIL_FORMATS) as ReaderOptions['formats'] };

let ready: Promise<unknown> | undefined;

/**
 * Loads the wasm once per process. By default zxing-wasm fetches it from a CDN even in Node, which fails on
 * machines without internet access and would make production depend on a third party; the copy in node_modules
 * is the one its JavaScript was built for.
 */
function ensureZxing(): Promise<unknown> {
  ready ??= (async () => {
    const wasm = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  ready.catch(() => (ready = undefined)); // a failed load is retried by the next call instead of cached
  return ready;
}

function toCodes(results: ReadResult[]): string[] {
  const codes: string[] = [];
  for (const result of results) {
    const format = RETAIL_FORMATS[result.format as keyof typeof RETAIL_FORMATS];
    if (!format || !result.isValid) continue;
    // zxing-cpp reports UPC-E as its 13-digit expansion; the 8 printed digits are kept in `extra`.
    const digits = format === 'UPC-E' ? (upcEDigits(result.extra) ?? result.text) : result.text;
    const code = normaliseRetailCode(format, digits);
    if (code) codes.push(code);
  }
  return codes;
}

function upcEDigits(extra: string): string | undefined {
  try {
    const value: unknown = JSON.parse(extra || '{}');
    const upce = (value as { UPCE?: unknown }).UPCE;
    return typeof upce === 'string' ? upce : undefined;
  } catch {
    return undefined;
  }
}

/** Retail codes zxing finds in decoded pixels (it tries harder, 90° turns and inverted codes: its defaults). */
export async function zxingReadPixels(image: RgbaImage, options: ReaderOptions = {}): Promise<string[]> {
  return (await zxingLocatePixels(image, options)).codes;
}

/** zxingReadPixels, with the points where the codes were found (pixels of the image). */
export async function zxingLocatePixels(
  image: RgbaImage,
  options: ReaderOptions = {},
): Promise<{ codes: string[]; points: { x: number; y: number }[] }> {
  await ensureZxing();
  // zxing-wasm accepts anything shaped like ImageData; Node has no ImageData class.
  const imageData = { data: image.data, width: image.width, height: image.height } as unknown as ImageData;
  const results = await readBarcodes(imageData, { ...BASE_OPTIONS, ...options });
  const codes = toCodes(results);
  const found = results.filter((r) => r.isValid && r.format in RETAIL_FORMATS);
  const points = codes.length
    ? found.flatMap((r) => [r.position.topLeft, r.position.topRight, r.position.bottomLeft, r.position.bottomRight])
    : [];
  return { codes, points };
}

/** Retail codes zxing finds in an image file's bytes, decoded by zxing itself (PNG, JPEG, GIF, BMP; no TIFF). */
export async function zxingReadFileBytes(bytes: Uint8Array, options: ReaderOptions = {}): Promise<string[]> {
  await ensureZxing();
  return toCodes(await readBarcodes(bytes, { ...BASE_OPTIONS, ...options }));
}
