import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findBarcodeRegion } from './barcode-region.ts';
import { perceptualHash, pictureDistance, SAME_PICTURE_BITS } from './perceptual-hash.ts';
import { judgePhoto, measurePhoto, shrinkGrey } from './photo-quality.ts';
import type { GreyImage } from './pixels.ts';
import { barcodePng, barcodeScene, imageFile } from '../../test/support/media-files.ts';

/** Decoded grey pixels of an image file, as the readers' first pass has them. */
async function grey(input: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(input).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A pack-like photo: one EAN-13 on a white page, 800 × 600. */
const scene = async () => barcodeScene([await barcodePng('ean13', '8711000530085', 2)], { width: 800, height: 600 });
const judged = async (image: Buffer, codes: string[] = ['8711000530085'], size = { width: 4000, height: 3000 }) =>
  judgePhoto(measurePhoto(shrinkGrey(await grey(image)), size), codes);

describe('photo checks on generated images', () => {
  it('a sharp, well-lit photo of a real code at 12 megapixels passes every check', async () => {
    expect(await judged(await scene())).toEqual([]);
  });

  it("LOW_RESOLUTION: under the partner's line (1000 px by default) on the longest side; PDF pages are not judged", async () => {
    const image = await scene();
    expect(await judged(image, undefined, { width: 800, height: 600 })).toEqual(['LOW_RESOLUTION']);
    expect(await judged(image, undefined, { width: 1000, height: 750 })).toEqual([]);
    const small = measurePhoto(shrinkGrey(await grey(image)), { width: 1600, height: 1200 });
    expect(judgePhoto(small, ['8711000530085'], 2400)).toEqual(['LOW_RESOLUTION']);
    expect(judgePhoto(small, ['8711000530085'], 1600)).toEqual([]);
    expect(judgePhoto(measurePhoto(shrinkGrey(await grey(image)), null), ['8711000530085'])).toEqual([]);
  });

  it('BLURRY: a Gaussian blur of 6 pixels (3 at the judging size), judged on the barcode; not called overexposed', async () => {
    expect(
      await judged(
        await sharp(await scene())
          .blur(6)
          .png()
          .toBuffer(),
      ),
    ).toEqual(['BLURRY']);
    expect(
      await judged(
        await sharp(await scene())
          .blur(1)
          .png()
          .toBuffer(),
      ),
    ).toEqual([]);
  });

  it('TOO_DARK and OVEREXPOSED from the luminance histogram', async () => {
    const image = await scene();
    expect(await judged(await sharp(image).linear(0.3, 0).png().toBuffer())).toEqual(['TOO_DARK']);
    expect(await judged(await sharp(image).linear(1.6, 90).png().toBuffer())).toEqual(['OVEREXPOSED']);
  });

  it('PLACEHOLDER_CODE: a placeholder among the codes read', async () => {
    expect(await judged(await scene(), ['0000000000000'])).toEqual(['PLACEHOLDER_CODE']);
  });

  it('CODE_UNREADABLE: a barcode-like region and no code read; nothing claimed without bars', async () => {
    expect(await judged(await scene(), [])).toEqual(['CODE_UNREADABLE']);
    expect(await judged(await imageFile('png', 800, 600), [])).toEqual([]);
  });
});

describe('findBarcodeRegion', () => {
  it('finds the code where it is, also turned, and nothing on a picture without bars', async () => {
    const code = await barcodePng('ean13', '8711000530085', 2);
    const page = await grey(await barcodeScene([code], { width: 800, height: 600 }));
    const region = findBarcodeRegion(page)!;
    // barcodeScene places the code at (100, 300).
    expect(region.left).toBeGreaterThanOrEqual(90);
    expect(region.left).toBeLessThan(200);
    expect(region.top).toBeGreaterThanOrEqual(290);
    expect(region.width).toBeGreaterThan(100);
    expect(region.upright).toBe(true);
    const turned = findBarcodeRegion(await grey(await barcodeScene([code], { width: 800, height: 600, rotate: 30 })));
    expect(turned).not.toBeNull();
    // Turned by 30°: found, but not upright (the printed digits are read only from upright codes).
    expect(turned!.upright).toBe(false);
    expect(findBarcodeRegion(await grey(await imageFile('png', 800, 600)))).toBeNull();
  });

  it('finds a heavily blurred code (a photo out of focus: CODE_UNREADABLE, not "no barcode")', async () => {
    // Sigma 6 at 800 px is 3 at the judging size (400 px): the bars are soft, low-contrast edges that the earlier
    // finder (a high edge-energy threshold, judged cell by cell) took for no barcode.
    const code = await barcodePng('ean13', '8711000530085', 3);
    const photo = await sharp(await barcodeScene([code], { width: 800, height: 600 }))
      .blur(6)
      .png()
      .toBuffer();
    expect(findBarcodeRegion(shrinkGrey(await grey(photo)))).toMatchObject({ upright: true });
    expect(await judged(photo, [])).toEqual(['BLURRY', 'CODE_UNREADABLE']);
  });

  it('claims no region in pack artwork: large type, a round shape, a colour gradient', async () => {
    const artwork = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4e3c1"/><stop offset="1" stop-color="#404040"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><circle cx="300" cy="300" r="80" fill="#505050"/>
      <text x="60" y="120" font-family="DejaVu Sans" font-size="50" fill="#444">Ingredients: oats, salt</text>
      <text x="60" y="480" font-family="DejaVu Sans" font-size="42" fill="#222">Keep dry, Net Wt 500 g</text></svg>`;
    for (const blur of [0, 1.5]) {
      let image = sharp(Buffer.from(artwork));
      if (blur) image = image.blur(blur);
      const photo = await image.jpeg({ quality: 85 }).toBuffer();
      expect(findBarcodeRegion(shrinkGrey(await grey(photo)))).toBeNull();
    }
  });
});

describe('DUPLICATE: perceptual hash', () => {
  const photo = (colour: string, x: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
      .composite([
        { input: { create: { width: 300, height: 200, channels: 3, background: '#203080' } }, left: x, top: 100 },
        {
          input: { create: { width: 120, height: 260, channels: 3, background: '#f0e040' } },
          left: 600 - x / 2,
          top: 280,
        },
      ])
      .png()
      .toBuffer();

  it('re-encoded, resized and slightly cropped copies stay within the threshold; a different picture does not', async () => {
    const original = await photo('#c04020', 80);
    const hash = perceptualHash(await grey(original));
    const copies = [
      await sharp(original).jpeg({ quality: 50 }).toBuffer(),
      await sharp(original).resize(480).png().toBuffer(),
      await sharp(original).extract({ left: 40, top: 30, width: 720, height: 540 }).png().toBuffer(),
    ];
    for (const copy of copies)
      expect(pictureDistance(hash, perceptualHash(await grey(copy)))).toBeLessThanOrEqual(SAME_PICTURE_BITS);
    const other = perceptualHash(await grey(await photo('#30a060', 420)));
    expect(pictureDistance(hash, other)).toBeGreaterThan(SAME_PICTURE_BITS);
  });
});
