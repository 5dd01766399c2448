import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { datasetPhoto, turnedPoint } from '../../test/fixtures.ts';
import { readBarcodesDetailed } from './barcodes.ts';
import { unturn } from './code-outline.ts';

type Point = { x: number; y: number };

describe('the outline of a code read', () => {
  it('turns a point back from a turned copy onto the original', () => {
    const from = { width: 640, height: 480 };
    const to = { width: 736, height: 794 };
    const p = { x: 123, y: 321 };
    const back = unturn(turnedPoint(p, 60, from, to), 60, from, to);
    expect(back.x).toBeCloseTo(p.x, 6);
    expect(back.y).toBeCloseTo(p.y, 6);
  });

  it.each(['ean13-1/5.png', 'ean13-1/2.png'])(
    'outlines the bars of %s turned by 60°: the corners turn with the image, not an upright strip',
    async (name) => {
      const photo = datasetPhoto(name);
      const upright = await readBarcodesDetailed(photo.data, 'png');
      expect(upright.codes).toEqual([photo.expected]);
      const size = await sharp(photo.data).metadata();
      const original = { width: size.width!, height: size.height! };
      const turnedFile = await sharp(photo.data).rotate(60, { background: '#ffffff' }).png().toBuffer();
      const turnedSize = await sharp(turnedFile).metadata();
      const turned = { width: turnedSize.width!, height: turnedSize.height! };

      const reading = await readBarcodesDetailed(turnedFile, 'png');
      expect(reading.codes).toEqual([photo.expected]);
      const corners = reading.region!.corners!.map((p) => ({ x: p.x * turned.width, y: p.y * turned.height }));
      expect(corners).toHaveLength(4);
      // Where the bars went: the upright outline's corners turned as the image was.
      const expected = upright.region!.corners!.map((p) =>
        turnedPoint({ x: p.x * original.width, y: p.y * original.height }, 60, original, turned),
      );
      const tolerance = 0.08 * Math.max(turned.width, turned.height);
      for (const want of expected) {
        const nearest = Math.min(...corners.map((c) => Math.hypot(c.x - want.x, c.y - want.y)));
        expect(nearest, JSON.stringify({ want, corners })).toBeLessThan(tolerance);
      }
      // Its sides run at the code's angle: one within 8° of 60° (the bars' direction across), one of 150°.
      const sideAngle = (a: Point, b: Point) =>
        ((((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI) % 180) + 180) % 180;
      const sides = [sideAngle(corners[0], corners[1]), sideAngle(corners[1], corners[2])].sort((a, b) => a - b);
      expect(Math.abs(sides[0] - 60)).toBeLessThan(8);
      expect(Math.abs(sides[1] - 150)).toBeLessThan(8);
    },
  );
});
