import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLabel, type FactReading } from '@portal/domain';
import { closeMediaPool, mediaProcessIds, readTextOffThread } from './media-pool.ts';
import { nutritionPanelPhoto, PANEL_FACTS } from '../../test/support/nutrition-panel.ts';

// The one test that runs the OCR models (about 5 s of CPU); every other test of label reading works on text lines.
describe('reading the text of a package photo', () => {
  afterAll(() => closeMediaPool());

  it('reads a turned, blurred, glaring panel photo in its own media process, every value where it is printed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'panel-'));
    try {
      const path = join(dir, 'panel.jpg');
      await writeFile(path, await nutritionPanelPhoto({ angle: 3, blur: 0.7 }));
      const before = mediaProcessIds().length;
      const reading = await readTextOffThread(path, 'jpeg');
      expect(mediaProcessIds().length).toBe(before + 1); // the text-reading process, started for this photo
      expect(reading.engine).toBe('pp-ocrv4');
      const facts = readLabel(reading.lines);
      const value = (field: string) => facts.find((f) => f.field === field)?.value;
      expect(value('calories')).toBe(PANEL_FACTS.calories);
      expect(value('servingSize')).toEqual({ printed: PANEL_FACTS.servingSize, quantity: 55, unit: 'GRM' });
      expect(value('servingsPerContainer')).toEqual({ printed: '8', value: 8 });
      expect(value('totalFat')).toEqual({ amount: 8, unit: 'GRM', dailyValuePercent: 10 });
      expect(value('saturatedFat')).toEqual({ amount: 1, unit: 'GRM', dailyValuePercent: 5 });
      expect(value('sodium')).toEqual({ amount: 160, unit: 'MGM', dailyValuePercent: 7 });
      expect(value('totalCarbohydrate')).toEqual({ amount: 37, unit: 'GRM', dailyValuePercent: 13 });
      expect(value('protein')).toEqual({ amount: 3, unit: 'GRM', dailyValuePercent: null });
      expect(value('netContent')).toMatchObject({ quantity: 340, unit: 'GRM' });
      expect(value('allergens')).toBe('CONTAINS: WHEAT, MILK.');
      expect(String(value('ingredients'))).toMatch(/^WHOLE ?GRAIN ?OATS, SUGAR, SALT\.$/);
      // The region of the calories is where the panel prints them: in its upper third, on the left half.
      const calories = facts.find((f) => f.field === 'calories') as FactReading;
      expect(calories.region.y).toBeGreaterThan(0.25);
      expect(calories.region.y).toBeLessThan(0.45);
      expect(calories.confidence).toBeGreaterThan(0.9);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
