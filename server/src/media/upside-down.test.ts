import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetPhoto } from '../../test/fixtures.ts';
import { readBarcodesChecked, readBarcodesDetailed } from './barcodes.ts';
import { closeDigitReader } from './printed-digits.ts';

// Photos of datasets/barcode-photos turned 180°: a phone held the other way up, a jar standing on its lid. The bars
// read either way; the digits printed under them only the right way up, unless the image is turned back.
async function upsideDown(relative: string) {
  const photo = datasetPhoto(relative);
  return { expected: photo.expected, data: await sharp(photo.data).rotate(180).png().toBuffer() };
}

afterAll(closeDigitReader);

describe('a package photographed upside down', () => {
  it.each(['upca-2/08.png', 'upca-3/03.png', 'upca-5/19.png'])(
    '%s: read from the digits printed under its bars, as the right way up',
    async (name) => {
      const photo = await upsideDown(name);
      const read = await readBarcodesDetailed(photo.data, 'png');
      expect(read).toMatchObject({ codes: [photo.expected], readFrom: 'digits', digitsReader: 'templates' });
    },
  );

  it('upca-4/1.png: a code read from its bars is still put in doubt by the printed digits it contradicts', async () => {
    // Upright, the bars read 9074932437075 and the printed digits 0023942431015: the reading is disputed and held for
    // a person. Upside down the printed digits went unread, and the misread stood unchallenged.
    const photo = await upsideDown('upca-4/1.png');
    const read = await readBarcodesChecked(photo.data, 'png');
    expect(read.disputed).toContain(photo.expected);
  });
});
