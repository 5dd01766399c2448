// Runs in the text-reading media process (see media-pool.ts): PaddleOCR's PP-OCRv4 mobile models on ONNX Runtime.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { TextLine, UploadKind } from '@portal/domain';
import { safeSharpInput } from './limits.ts';
import { imageDecodeError } from './messages.ts';
import { renderPdfFirstPage } from './pdf-page.ts';

/**
 * The longest side a photo is read at. The detection model's cost grows with the pixels; at 1600 px the small type
 * of a nutrition panel filling a third of a phone photo is still about 15 px high, which the models read.
 */
export const READ_SIZE = 1600;
/** The detection model takes sides that are multiples of 32. */
const STEP = 32;

interface LineImage {
  box: number[][];
}
interface Models {
  detection: { run(image: Buffer): Promise<LineImage[]> };
  recognition: { run(lines: LineImage[]): Promise<{ text: string; mean: number; box: number[][] }[]> };
}

/**
 * The models load once per media process, at its first photo (about 0.4 s and 250 MB), not at server start. The
 * detector and the recogniser are used one by one rather than through the package's Ocr class: that class joins the
 * boxes it finds at one height into lines, which on a turned photo joins a % Daily Value to the row below it; the
 * rows are found in label-reading.ts instead, across the slant.
 */
let models: Promise<Models> | null = null;
function ocrModels(): Promise<Models> {
  models ??= (async () => {
    await import('@gutenye/ocr-node'); // registers the Node.js backend (sharp, onnxruntime-node, the model files)
    // The package exports only its Ocr class; its two models are modules of its build.
    const common = createRequire(import.meta.url).resolve('@gutenye/ocr-common');
    const { Detection, Recognition } = (await import(new URL('./models/index.js', pathToFileURL(common)).href)) as {
      Detection: { create(options: object): Promise<Models['detection']> };
      Recognition: { create(options: object): Promise<Models['recognition']> };
    };
    return { detection: await Detection.create({}), recognition: await Recognition.create({}) };
  })();
  models.catch(() => (models = null));
  return models;
}

export interface TextReading {
  engine: 'pp-ocrv4';
  lines: TextLine[];
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/** The upright picture, scaled to at most READ_SIZE and to sides the detector takes as they are (no letterbox). */
async function uprightPicture(
  path: string,
  kind: UploadKind,
): Promise<{ data: Buffer; width: number; height: number }> {
  const source =
    kind === 'pdf'
      ? sharp(await renderPdfFirstPage(path, { maxWidth: READ_SIZE, maxHeight: READ_SIZE, format: 'png' }))
      : sharp(path, safeSharpInput(kind)).autoOrient();
  try {
    const { data, info } = await source
      .resize(READ_SIZE, READ_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    const width = Math.max(STEP, Math.round(info.width / STEP) * STEP);
    const height = Math.max(STEP, Math.round(info.height / STEP) * STEP);
    return { data: await sharp(data).resize(width, height, { fit: 'fill' }).png().toBuffer(), width, height };
  } catch (error) {
    throw imageDecodeError(error);
  }
}

/** The text lines of a photo (or of a PDF's first page), each with its confidence and box as fractions of the page. */
export async function readPhotoText(path: string, kind: UploadKind): Promise<TextReading> {
  const picture = await uprightPicture(path, kind);
  const { detection, recognition } = await ocrModels();
  const lines: TextLine[] = [];
  for (const lineImage of await detection.run(picture.data)) {
    const [read] = await recognition.run([lineImage]);
    if (!read?.text.trim()) continue;
    const xs = read.box.map((p) => p[0]);
    const ys = read.box.map((p) => p[1]);
    const x = Math.min(...xs) / picture.width;
    const y = Math.min(...ys) / picture.height;
    const [topLeft, topRight] = read.box as [number[], number[]];
    const run = (topRight[0] - topLeft[0]) / picture.width;
    lines.push({
      text: read.text.normalize('NFKC'), // the recogniser's alphabet has full-width brackets and colons
      confidence: Math.round(read.mean * 1000) / 1000,
      box: {
        x: round(x),
        y: round(y),
        width: round(Math.max(...xs) / picture.width - x),
        height: round(Math.max(...ys) / picture.height - y),
      },
      slope: run > 0 ? Math.round(((topRight[1] - topLeft[1]) / picture.height / run) * 10_000) / 10_000 : 0,
    });
  }
  return { engine: 'pp-ocrv4', lines };
}
