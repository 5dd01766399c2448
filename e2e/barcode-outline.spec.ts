import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { datasetPhoto, outlineOfTurnedCode } from '../server/test/fixtures.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft } from './support/seed-api.ts';

// Where the code was read is outlined at the code's own angle: a photo turned by 60° shows a polygon turned with it
// over the bars, not an upright strip.

type Point = { x: number; y: number };

test('a barcode photographed turned by 60° is outlined over its bars at its angle on /review/:id', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  // A dataset photo of a tin whose code, upright, lies at x 0.35 to 0.71, y 0.30 to 0.61 of the frame; turned by 60°.
  const photo = datasetPhoto('ean13-1/2.png');
  const upright = { width: 640, height: 480, code: { x: 0.5313, y: 0.4583, width: 0.366 } };
  const turned = await sharp(photo.data).rotate(60, { background: '#ffffff' }).png().toBuffer();
  const size = await sharp(turned).metadata();
  const [W, H] = [size.width!, size.height!];
  const draftId = await createDraft(supplier, [
    { fileName: 'turned.png', image: turned, isMarketingImage: true, upc: photo.expected, productName: 'Sweet corn' },
  ]);
  const [id] = await submitDraft(supplier, draftId);
  await expect
    .poll(
      async () =>
        (
          await graphql<{ getProductSubmission: { files: { barcodeOutline: Point[] | null }[] } }>(
            supplier,
            'query($id: ID!) { getProductSubmission(id: $id) { files { barcodeOutline { x y } } } }',
            { id },
          )
        ).getProductSubmission.files[0].barcodeOutline?.length ?? 0,
      { message: 'the code to be read and outlined' },
    )
    .toBe(4);

  const page = await pageAt(browser, DEMO.admin, `/review/${id}`);
  const marked = page.locator('[data-marked-image*="turned.png"]').first();
  await expect(marked.locator('[data-mark="barcode"] polygon')).toHaveCount(1);
  await expect(marked.locator('[data-mark="barcode"] rect')).toHaveCount(0);
  // The polygon's corners as drawn on the screen, as pixels of the photo (the image is fitted in its box).
  const corners = await marked.evaluate((el) => {
    const img = el.querySelector('img')!;
    const polygon = el.querySelector<SVGPolygonElement>('[data-mark="barcode"] polygon')!;
    const matrix = polygon.getScreenCTM()!;
    const b = img.getBoundingClientRect();
    const scale = Math.min(b.width / img.naturalWidth, b.height / img.naturalHeight);
    const [left, top] = [
      b.left + (b.width - img.naturalWidth * scale) / 2,
      b.top + (b.height - img.naturalHeight * scale) / 2,
    ];
    return Array.from(polygon.points).map((p) => {
      const s = new DOMPoint(p.x, p.y).matrixTransform(matrix);
      return { x: (s.x - left) / scale, y: (s.y - top) / scale };
    });
  });
  expect(corners).toHaveLength(4);
  // Its sides run along and across the turned bars; it covers them: its middle is the upright code's middle turned
  // as the photo was, its length the code's width.
  const fit = outlineOfTurnedCode(corners, {
    degrees: 60,
    original: upright,
    turned: { width: W, height: H },
    code: {
      x: upright.code.x * upright.width,
      y: upright.code.y * upright.height,
      width: upright.code.width * upright.width,
    },
  });
  expect(Math.abs(fit.sides[0] - 60), JSON.stringify(fit)).toBeLessThan(8);
  expect(Math.abs(fit.sides[1] - 150), JSON.stringify(fit)).toBeLessThan(8);
  expect(fit.offCentre).toBeLessThan(0.06 * Math.max(W, H));
  expect(Math.abs(fit.lengthRatio - 1)).toBeLessThan(0.15);
});
