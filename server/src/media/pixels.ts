import sharp, { type Sharp } from 'sharp';
import { SAFE_SHARP_INPUT } from './limits.ts';
import { imageDecodeError } from './messages.ts';

/**
 * Decoded pixels for the barcode readers. zxing-wasm takes RGBA (ImageData) and ZBar one grey byte per pixel,
 * so both forms exist; each is made once per file and reused by every pass that needs it (see barcodes.ts).
 */
export interface RgbaImage {
  /** 4 bytes a pixel, row after row. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface GreyImage {
  /** 1 byte a pixel, row after row. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Where pixels come from: an image file (path or bytes), or pixels already decoded (a rendered PDF page). */
export type PixelSource = { file: string | Buffer } | { rgba: RgbaImage };

function open(source: PixelSource): Sharp {
  if ('file' in source) return sharp(source.file, SAFE_SHARP_INPUT).autoOrient();
  const { data, width, height } = source.rgba;
  return sharp(data, { raw: { width, height, channels: 4 } });
}

/**
 * The source as RGBA at `width` (aspect ratio kept), scaled down only unless `enlarge` is set. The height is capped
 * at twice that width, so that an extreme strip (1000 × 100000 passes the pixel limit) cannot become hundreds of
 * megabytes of pixels; photos and pages, up to 1:2, are unaffected.
 * RGBA rather than grey because zxing-wasm takes RGBA anyway, and libvips' grey conversion (colour-managed)
 * costs about as much as decoding a photo, while a plain luma sum in JavaScript (toGrey) costs a tenth of that.
 */
export async function loadRgba(
  source: PixelSource,
  { width, enlarge = false }: { width: number; enlarge?: boolean },
): Promise<RgbaImage> {
  const size = Math.round(width);
  const image = open(source).resize({ width: size, height: size * 2, fit: 'inside', withoutEnlargement: !enlarge });
  try {
    const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw imageDecodeError(error);
  }
}

/** The source's size as displayed (EXIF orientation applied). */
export async function sourceSize(source: PixelSource): Promise<{ width: number; height: number }> {
  if ('rgba' in source) return { width: source.rgba.width, height: source.rgba.height };
  const metadata = await sharp(source.file, SAFE_SHARP_INPUT)
    .metadata()
    .catch((error: unknown) => {
      throw imageDecodeError(error);
    });
  const { width, height } = metadata.autoOrient;
  return { width, height };
}

/** The source's width as displayed (EXIF orientation applied). */
export const sourceWidth = async (source: PixelSource) => (await sourceSize(source)).width;

/** Luma with the same integer weights zxing-wasm uses (BT.601), so both readers see the same grey. */
export function toGrey({ data, width, height }: RgbaImage): GreyImage {
  const grey = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < grey.length; i++, j += 4) {
    grey[i] = (306 * data[j] + 601 * data[j + 1] + 117 * data[j + 2] + 512) >> 10;
  }
  return { data: grey, width, height };
}

async function greyFrom(image: Sharp): Promise<GreyImage> {
  // Some operations (rotating onto a colour background) widen grey to sRGB; its first channel is the grey.
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const openGrey = ({ data, width, height }: GreyImage) => sharp(data, { raw: { width, height, channels: 1 } });

/** A mild sharpen restores edges softened by camera blur or by scaling. */
export function sharpenGrey(grey: GreyImage): Promise<GreyImage> {
  return greyFrom(openGrey(grey).sharpen());
}

/** Turned by any angle, the corners filled with white (paper) so they add no edges that look like bars. */
/** The image upside down (turned 180°): exact, no resampling. */
export function turnedUpsideDown(grey: GreyImage): GreyImage {
  return { data: grey.data.slice().reverse(), width: grey.width, height: grey.height };
}

export function rotateGrey(grey: GreyImage, degrees: number): Promise<GreyImage> {
  return greyFrom(openGrey(grey).rotate(degrees, { background: '#ffffff' }));
}
