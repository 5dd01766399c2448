import sharp from 'sharp';
import { openPdf, toMediaError } from './pdf-document.ts';

export interface PdfRenderSize {
  /** The rendered page is at most this wide (in pixels). */
  maxWidth: number;
  /**
   * At most this high. Defaults to twice maxWidth, which fits every usual page shape while keeping an odd page
   * (a 1×200-inch strip) from becoming a canvas of hundreds of megapixels.
   */
  maxHeight?: number;
}

export interface RenderedPage {
  /** RGBA, 4 bytes a pixel, on a white background. */
  data: Buffer;
  width: number;
  height: number;
}

/** Renders page 1 of a PDF (a path or its bytes) to raw RGBA pixels. Throws MediaError when it cannot. */
export async function renderPdfFirstPagePixels(input: string | Uint8Array, size: PdfRenderSize): Promise<RenderedPage> {
  const doc = await openPdf(input);
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 }); // honours the page's own rotation
    const maxHeight = size.maxHeight ?? size.maxWidth * 2;
    const scale = Math.min(size.maxWidth / natural.width, maxHeight / natural.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    // Loaded with the first page rendered, not at the top: most media processes never render a PDF.
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(width, height);
    // PDFs have no background of their own: paint white, as viewers do, so JPEG and barcode readers see paper.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height);
    return { data: Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), width, height };
  } catch (error) {
    throw toMediaError(error);
  } finally {
    await doc.destroy();
  }
}

/** Renders page 1 of a PDF to a PNG or JPEG image. Throws MediaError when the PDF cannot be read. */
export async function renderPdfFirstPage(
  input: string | Uint8Array,
  size: PdfRenderSize & { format: 'png' | 'jpeg' },
): Promise<Buffer> {
  const page = await renderPdfFirstPagePixels(input, size);
  const image = sharp(page.data, { raw: { width: page.width, height: page.height, channels: 4 } }).removeAlpha();
  return size.format === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }).toBuffer() : image.png().toBuffer();
}
