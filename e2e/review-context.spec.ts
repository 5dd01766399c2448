import { expect, test } from '@playwright/test';
import { compareUpcDigits, gs1CheckDigit } from '@portal/domain';
import { barcodeImage } from '../server/test/fixtures.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Deciding with the context: the typed UPC against the code read, the differing digits marked; moving about a
// zoomed image from the keyboard and with the wheel about the pointer.

/** A supplier's item whose photo shows `shown` while `entered` was typed, once the automated checks have run. */
async function mistyped() {
  const supplier = await apiAs(DEMO.supplier2);
  const shown = uniqueEan13('41');
  // One digit slipped (the 9th), the check digit made to fit: a code that passes every form check.
  const body = shown.slice(0, 8) + String((Number(shown[8]) + 1) % 10) + shown.slice(9, 12);
  const entered = body + String(gs1CheckDigit(body));
  const draftId = await createDraft(supplier, [
    {
      fileName: 'front.png',
      upc: entered,
      productName: 'Slipped digit',
      image: await barcodeImage(shown),
      isMarketingImage: true,
    },
  ]);
  const [id] = await submitDraft(supplier, draftId);
  await expect
    .poll(
      async () =>
        (
          await graphql<{ getProductSubmission: { itemStatus: string } }>(
            supplier,
            'query($id: ID!) { getProductSubmission(id: $id) { itemStatus } }',
            { id },
          )
        ).getProductSubmission.itemStatus,
      { message: 'the automated checks to reject the mistyped UPC' },
    )
    .toBe('AUTO_REJECTED');
  return { id, shown, entered };
}

test('typed and detected codes are shown with the differing digits marked, to the reviewer and to the supplier', async ({
  browser,
}) => {
  const { id, shown, entered } = await mistyped();
  const expected = compareUpcDigits(entered, shown);
  const differing = (digits: { digit: string; differs: boolean }[]) =>
    digits.filter((d) => d.differs).map((d) => d.digit);
  expect(differing(expected.detected).length).toBeGreaterThanOrEqual(1);

  const staff = await pageAt(browser, DEMO.admin, `/review/${id}`);
  const table = staff.getByRole('table', { name: 'Typed and detected UPC' });
  await expect(table.getByTestId('upc-verdict')).toHaveText('✗ Mismatch');
  await expect(table.getByTestId('upc-typed').locator('mark')).toHaveText(differing(expected.typed));
  await expect(table.getByTestId('upc-detected').locator('mark')).toHaveText(differing(expected.detected));
  await expect(table.getByTestId('upc-detected')).toContainText('(differs in digit');
  await staff.context().close();

  const supplier = await pageAt(browser, DEMO.supplier2, `/productSubmissions/${id}`);
  await expect(supplier.getByText('Code read from the photos')).toBeVisible();
  await expect(supplier.getByTestId('upc-detected').locator('mark')).toHaveText(differing(expected.detected));
  await expect(supplier.getByTestId('upc-typed').locator('mark')).toHaveText(differing(expected.typed));
  await supplier.context().close();
});

test('a zoomed image pans with the arrows, and the wheel zooms about the pointer', async ({ browser }) => {
  const { id } = await mistyped();
  const page = await pageAt(browser, DEMO.admin, `/review/${id}`);
  const viewer = page.getByTestId('image-viewer');
  const img = viewer.locator('img');
  await expect(img).toBeVisible();
  await viewer.scrollIntoViewIfNeeded();
  const box = (await viewer.boundingBox())!;
  // Where the picture lies within the viewer as it is now: the page may still lay out beside it (a panel that loads
  // later changes the viewer's width), so every position is measured against the viewer at the time.
  const placement = async () => {
    const [v, r] = [(await viewer.boundingBox())!, (await img.boundingBox())!];
    return { x: v.x - r.x, y: v.y - r.y, width: v.width, height: v.height, imgWidth: r.width };
  };
  // The view eases into each change (120 ms): a position is read once its transition has ended.
  const settled = () =>
    viewer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => true));
  const fitted = await placement();

  // The wheel at a point right of and above the middle: the picture's point under the pointer stays under it.
  const at = { x: box.x + box.width * 0.7, y: box.y + box.height * 0.35 };
  const under = async () => {
    const r = (await img.boundingBox())!;
    return { x: (at.x - r.x) / r.width, y: (at.y - r.y) / r.height };
  };
  const before = await under();
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, -100);
  await expect(page.getByText('120%', { exact: true })).toBeVisible();
  await expect
    .poll(async () => Math.abs((await under()).x - before.x) + Math.abs((await under()).y - before.y))
    .toBeLessThan(0.01);

  // → shows more of the right: the picture moves left by a fifth of the viewer; ↓ moves it up.
  await settled();
  const zoomed = await placement();
  await page.mouse.move(0, 0);
  await page.keyboard.press('ArrowRight');
  const moved = async (from: number, axis: 'x' | 'y', size: 'width' | 'height') => {
    const now = await placement();
    return now[axis] - from - now[size] * 0.2;
  };
  await expect.poll(() => moved(zoomed.x, 'x', 'width')).toBeCloseTo(0, 0);
  await settled();
  const panned = await placement();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => moved(panned.y, 'y', 'height')).toBeCloseTo(0, 0);
  // Fit (0) puts it back whole, and then the arrows leave it alone.
  await page.keyboard.press('0');
  await expect(page.getByText('100%', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.abs((await placement()).x - fitted.x)).toBeLessThan(1);
  await settled();
  expect(Math.abs((await placement()).imgWidth - fitted.imgWidth)).toBeLessThan(1);
  await page.context().close();
});
