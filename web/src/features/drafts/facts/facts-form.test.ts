import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS, type ProductFacts } from '@portal/domain';
import { describeValue, factsOfForm, parseField, textsOf } from './facts-form.ts';

describe('product facts as the supplier types them', () => {
  it('turns the texts of each kind of field into the value the shared schema holds, and back', () => {
    const net = { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' };
    expect(parseField('netContent', textsOf('netContent', net))).toEqual({ ok: true, value: net });
    expect(parseField('servingsPerContainer', { printed: 'about 8' })).toEqual({
      ok: true,
      value: { printed: 'about 8', value: 8 },
    });
    expect(parseField('calories', { value: '230' })).toEqual({ ok: true, value: 230 });
    expect(parseField('sodium', { amount: '160', percent: '7' })).toEqual({
      ok: true,
      value: { amount: 160, unit: 'MGM', dailyValuePercent: 7 },
    });
    expect(parseField('totalFat', { amount: '0,5', percent: '' })).toEqual({
      ok: true,
      value: { amount: 0.5, unit: 'GRM', dailyValuePercent: null },
    });
    expect(parseField('allergens', { value: '  Contains: milk. ' })).toEqual({ ok: true, value: 'Contains: milk.' });
  });

  it('an emptied field is no value; a value the schema refuses says what to fix', () => {
    expect(parseField('servingSize', { printed: '', quantity: '', unit: '' })).toEqual({ ok: true, value: null });
    expect(parseField('calories', { value: '-5' })).toMatchObject({ ok: false, error: 'Enter a number (e.g. 230).' });
    expect(parseField('calories', { value: '2e3' })).toMatchObject({ ok: false });
    expect(parseField('netContent', { printed: '', quantity: '340', unit: 'GRM' })).toMatchObject({
      ok: false,
      error: 'Enter it as printed on the package.',
    });
    expect(parseField('totalFat', { amount: '', percent: '10' })).toMatchObject({ ok: false });
    expect(parseField('iron', { amount: '', percent: '10' })).toMatchObject({ ok: true });
  });

  it('says a reading in one line, with its unit and % Daily Value', () => {
    expect(describeValue('totalFat', { amount: 8, unit: 'GRM', dailyValuePercent: 10 })).toBe('8 g, 10% DV');
    expect(describeValue('servingSize', { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' })).toBe(
      '2/3 cup (55g) · 55 g',
    );
    expect(describeValue('calories', 230)).toBe('230');
  });

  it('makes the facts a form sends from those it started with and the fields changed', () => {
    const start: ProductFacts = {
      ...EMPTY_PRODUCT_FACTS,
      calories: 230,
      energyKj: 960,
      nutrients: { sodium: { amount: 510, unit: 'MGM', dailyValuePercent: 22 } },
    };
    expect(factsOfForm(start, {})).toEqual({ ok: true, facts: start, changed: false });
    // Typed back as it was: nothing changed.
    expect(factsOfForm(start, { calories: { value: '230' } })).toMatchObject({ changed: false });
    const fixed = factsOfForm(start, { sodium: { amount: '150', percent: '7' }, calories: { value: '' } });
    expect(fixed).toEqual({
      ok: true,
      changed: true,
      // What the form has no field for (the energy in kJ) is kept.
      facts: { ...start, calories: null, nutrients: { sodium: { amount: 150, unit: 'MGM', dailyValuePercent: 7 } } },
    });
    expect(factsOfForm(null, { ingredients: { value: 'Oats.' } })).toMatchObject({
      ok: true,
      facts: { ingredients: 'Oats.' },
    });
    // Every field emptied: no facts.
    expect(factsOfForm({ ...EMPTY_PRODUCT_FACTS, calories: 5 }, { calories: { value: '' } })).toEqual({
      ok: true,
      facts: null,
      changed: true,
    });
    expect(factsOfForm(start, { calories: { value: 'lots' }, protein: { amount: '', percent: '10' } })).toEqual({
      ok: false,
      errors: { calories: 'Enter a number (e.g. 230).', protein: 'Enter the amount as well as the % Daily Value.' },
    });
    // A vitamin or mineral may be a % Daily Value alone, as labels before 2016 print them.
    expect(factsOfForm(start, { iron: { amount: '', percent: '10' } })).toMatchObject({
      ok: true,
      facts: { nutrients: { iron: { amount: null, unit: 'MGM', dailyValuePercent: 10 } } },
    });
  });
});
