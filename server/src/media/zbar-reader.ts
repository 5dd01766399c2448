import {
  getInstance,
  scanGrayBuffer,
  ZBarConfigType,
  ZBarScanner,
  ZBarSymbolType,
  type ZBarSymbol,
} from '@undecaf/zbar-wasm';
import type { GreyImage } from './pixels.ts';
import { normaliseRetailCode, type RetailFormat } from './retail-code.ts';

/**
 * ZBar, compiled to wasm (@undecaf/zbar-wasm, LGPL-2.1, used unmodified as a library). It reads a different
 * set of photos than zxing (blurred and low-contrast ones better), which is why readBarcodes asks both.
 * Its Node build reads zbar.wasm from its own folder in node_modules, never from the network.
 */

// UPC-A is left disabled on purpose: ZBar then reports UPC-A codes as EAN-13 with a leading 0, our form.
const RETAIL_SYMBOLS: Partial<Record<ZBarSymbolType, RetailFormat>> = {
  [ZBarSymbolType.ZBAR_EAN13]: 'EAN-13',
  [ZBarSymbolType.ZBAR_UPCA]: 'UPC-A',
  [ZBarSymbolType.ZBAR_EAN8]: 'EAN-8',
  [ZBarSymbolType.ZBAR_UPCE]: 'UPC-E',
};

let scannerReady: Promise<ZBarScanner> | undefined;

/** One scanner per process, set up for retail codes only (no QR codes, no add-ons, fewer misreads). */
function retailScanner(): Promise<ZBarScanner> {
  scannerReady ??= (async () => {
    await getInstance();
    const scanner = await ZBarScanner.create();
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_ENABLE, 0);
    for (const symbol of [ZBarSymbolType.ZBAR_EAN13, ZBarSymbolType.ZBAR_EAN8, ZBarSymbolType.ZBAR_UPCE]) {
      scanner.setConfig(symbol, ZBarConfigType.ZBAR_CFG_ENABLE, 1);
    }
    return scanner;
  })();
  scannerReady.catch(() => (scannerReady = undefined));
  return scannerReady;
}

function toCode(symbol: ZBarSymbol): string | null {
  const format = RETAIL_SYMBOLS[symbol.type];
  return format ? normaliseRetailCode(format, symbol.decode()) : null;
}

/** Retail codes ZBar finds in a greyscale image (it scans rows and columns, so 90° turns need no extra pass). */
export async function zbarReadGrey(grey: GreyImage): Promise<string[]> {
  return (await zbarLocateGrey(grey)).codes;
}

/** zbarReadGrey, with the points of the scan lines that read the codes (pixels of the image). */
export async function zbarLocateGrey(
  grey: GreyImage,
): Promise<{ codes: string[]; points: { x: number; y: number }[] }> {
  const scanner = await retailScanner();
  // zbar-wasm copies the pixels into wasm memory; it wants an ArrayBuffer holding exactly the image.
  const { data } = grey;
  const exact = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const buffer = exact ? data.buffer : data.slice().buffer;
  const symbols = await scanGrayBuffer(buffer as ArrayBuffer, grey.width, grey.height, scanner);
  const read = symbols.map((symbol) => ({ code: toCode(symbol), points: symbol.points }));
  const found = read.filter((r): r is { code: string; points: typeof r.points } => r.code !== null);
  return { codes: found.map((r) => r.code), points: found.flatMap((r) => r.points.map(({ x, y }) => ({ x, y }))) };
}
