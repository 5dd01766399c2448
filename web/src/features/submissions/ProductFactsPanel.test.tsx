import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ProductFactsFieldsFragment } from '../../api/gql/graphql.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ProductFactsPanel, type ShownFactSource } from './ProductFactsPanel.tsx';

/** A label whose calories (300) disagree with 4 × 37 + 4 × 3 + 9 × 8 = 232. */
const facts: ProductFactsFieldsFragment = {
  basis: 'serving',
  servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
  servingsPerContainer: null,
  calories: 300,
  energyKj: null,
  nutrients: [
    { key: 'totalFat', amount: 8, unit: 'GRM', dailyValuePercent: 10 },
    { key: 'totalCarbohydrate', amount: 37, unit: 'GRM', dailyValuePercent: 13 },
    { key: 'protein', amount: 3, unit: 'GRM', dailyValuePercent: null },
    { key: 'iron', amount: 2, unit: 'MGM', dailyValuePercent: 10 },
  ],
  netContent: null,
  ingredients: 'Whole grain oats.',
  allergens: null,
};
const sources: ShownFactSource[] = [
  { field: 'calories', source: 'photo', fileName: 'panel.jpg' },
  { field: 'totalFat', source: 'corrected', fileName: 'panel.jpg' },
  { field: 'protein', source: 'typed', fileName: null },
];

const row = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr')!;

describe('product facts panel', () => {
  it('lets a reviewer start a comment on a fact from its row', () => {
    const onComment = vi.fn();
    renderWithApp(<ProductFactsPanel facts={facts} sources={sources} onComment={onComment} />);
    fireEvent.click(within(row('Total Fat')).getByRole('button', { name: 'Comment on Total Fat' }));
    expect(onComment).toHaveBeenCalledWith('totalFat');
  });

  it("shows the reviewer's comment on a fact beside its value, and one on a value the facts lack under the table", () => {
    renderWithApp(
      <ProductFactsPanel
        facts={facts}
        sources={sources}
        comments={[
          { target: 'calories', fileName: 'panel.jpg', region: { x: 0, y: 0.5, w: 0.5, h: 0.1 }, text: 'Says 230.' },
          { target: 'sodium', fileName: null, region: null, text: 'Sodium is missing.' },
          { target: 'upc', fileName: null, region: null, text: 'Not a fact.' },
        ]}
      />,
    );
    const calories = within(row('Calories (per serving)')).getByRole('list', {
      name: "Reviewer's comments on the calories (per serving)",
    });
    expect(calories.textContent).toBe('Reviewer: Says 230. (marked on panel.jpg)');
    const rowless = screen.getByRole('region', { name: "Reviewer's comments on the product facts" });
    expect(rowless.textContent).toContain('Sodium');
    expect(rowless.textContent).toContain('Sodium is missing.');
    expect(screen.queryByText('Not a fact.')).toBeNull();
  });

  it('shows each value in the label’s order with where it came from', () => {
    renderWithApp(<ProductFactsPanel facts={facts} sources={sources} />);
    const table = screen.getByRole('table', { name: 'Product facts' });
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(labels).toEqual([
      'Serving size',
      'Calories (per serving)',
      'Total Fat',
      'Total Carbohydrate',
      'Protein',
      'Iron',
      'Ingredients',
    ]);
    expect(row('Calories (per serving)').textContent).toContain('Read from photo (panel.jpg)');
    expect(row('Total Fat').textContent).toContain('8 g (10 % DV)');
    expect(row('Total Fat').textContent).toContain('Corrected from a suggestion');
    expect(row('Protein').textContent).toContain('Typed by the supplier');
    expect(within(row('Iron')).queryByTestId('fact-source')).toBeNull();
  });

  it('flags the numbers of a label whose calories disagree with its macronutrients, and says which', () => {
    renderWithApp(<ProductFactsPanel facts={facts} sources={sources} />);
    expect(
      screen.getByText('Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.'),
    ).toBeTruthy();
    for (const label of ['Calories (per serving)', 'Total Fat', 'Total Carbohydrate', 'Protein'])
      expect(within(row(label)).getByText('Disagrees')).toBeTruthy();
    expect(within(row('Ingredients')).queryByText('Disagrees')).toBeNull();
  });

  it('flags nothing when the numbers agree, and has no source column on the catalogue', () => {
    renderWithApp(<ProductFactsPanel facts={{ ...facts, calories: 230 }} heading="Certified product facts" />);
    expect(screen.queryByText('Disagrees')).toBeNull();
    expect(screen.queryByText("The label's numbers disagree")).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Source' })).toBeNull();
  });

  it('says when no facts were given', () => {
    renderWithApp(<ProductFactsPanel facts={null} sources={[]} />);
    expect(screen.getByText('No product facts were given.')).toBeTruthy();
  });
});
