import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  pendingSuggestions,
  sourcesAfterSave,
  type FactField,
  type FactReading,
  type FactSources,
  type ProductFacts,
} from '@portal/domain';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { mergePushedFacts, type FileFacts } from './draft-facts-api.ts';
import { ProductFactsList } from './ProductFactsList.tsx';

const region = (y: number) => ({ x: 0.1, y, width: 0.5, height: 0.04 });
const READINGS: FactReading[] = [
  { field: 'calories', value: 230, confidence: 0.97, region: region(0.3) },
  {
    field: 'totalFat',
    value: { amount: 8, unit: 'GRM', dailyValuePercent: 10 },
    confidence: 0.95,
    region: region(0.4),
  },
  {
    field: 'protein',
    value: { amount: 3, unit: 'GRM', dailyValuePercent: null },
    confidence: 0.6,
    region: region(0.6),
  },
  { field: 'allergens', value: 'CONTAINS: WHEAT, MILK.', confidence: 0.93, region: region(0.8) },
];

/** A fake of the draft's REST facts routes, keeping the server's rules (the domain's pendingSuggestions, sources). */
function fakeFactsServer(readings: FactReading[] = READINGS, initial: ProductFacts | null = null) {
  const state = { facts: initial, sources: {} as FactSources, dismissed: [] as string[], readings };
  const puts: { facts: ProductFacts | null; dismiss: FactField[] }[] = [];
  const file = (): FileFacts => ({
    fileName: 'panel.jpg',
    imageUrl: '/draftSubmissions/d1/image/panel.jpg',
    facts: state.facts,
    factSources: state.sources,
    factReadingStatus: 'done',
    factSuggestions: pendingSuggestions(state.readings, state.facts, state.dismissed),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as (typeof puts)[number];
        puts.push(body);
        state.sources = sourcesAfterSave(state.facts, body.facts, state.sources, state.readings);
        state.facts = body.facts;
        state.dismissed = [...state.dismissed, ...body.dismiss];
      }
      return jsonResponse(200, { id: 'd1', files: [file()] });
    }),
  );
  return { puts, state, file };
}

let pushFile: ((pushed: FileFacts) => void) | null = null;
function Harness() {
  const queryClient = useQueryClient();
  pushFile = (pushed) => mergePushedFacts(queryClient, 'd1', pushed as unknown as Record<string, unknown>);
  return <ProductFactsList draftId="d1" rows={[{ fileName: 'panel.jpg', upc: '' }]} live disabled={false} />;
}

const section = () => screen.findByRole('region', { name: /Product facts/ });
const suggestion = (label: string) => screen.getByRole('group', { name: `${label} read from photo` });
const value = (el: HTMLElement) => (el as HTMLInputElement).value;
const lastPut = (server: ReturnType<typeof fakeFactsServer>) => server.puts.at(-1)!;

afterEach(() => {
  vi.unstubAllGlobals();
  pushFile = null;
});

describe('Product facts on Enter UPC(s)', () => {
  it('shows each reading as "read from photo" under its field, and highlights its region when pointed at', async () => {
    fakeFactsServer();
    const { container } = renderWithApp(<Harness />);
    await section();
    expect(within(suggestion('Calories')).getByText('Read from photo')).toBeTruthy();
    expect(within(suggestion('Total Fat')).getByText('8 g, 10% DV')).toBeTruthy();
    expect(within(suggestion('Protein')).getByText('Check it on the photo')).toBeTruthy();
    expect(container.querySelectorAll('[data-region]')).toHaveLength(4);
    fireEvent.focus(within(suggestion('Calories')).getByRole('button', { name: /Accept Calories/ }));
    const active = container.querySelector('[data-region="calories"]') as HTMLElement;
    expect(active.hasAttribute('data-active')).toBe(true);
    expect(active.style.top).toBe('30%');
    // Nothing is filled until the supplier decides.
    expect(value(screen.getByLabelText('Calories'))).toBe('');
  });

  it('accepts one reading, dismisses another for good, and accepts every sure one with Alt+Shift+A', async () => {
    const server = fakeFactsServer();
    renderWithApp(<Harness />);
    await section();
    fireEvent.click(within(suggestion('Calories')).getByRole('button', { name: /Accept/ }));
    await waitFor(() => expect(value(screen.getByLabelText('Calories'))).toBe('230'));
    expect(lastPut(server).facts?.calories).toBe(230);
    expect(screen.getByText('From the photo')).toBeTruthy();

    fireEvent.click(within(suggestion('Allergen statement')).getByRole('button', { name: /Dismiss/ }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /Allergen statement/ })).toBeNull());
    expect(lastPut(server).dismiss).toEqual(['allergens']);

    fireEvent.keyDown(screen.getByLabelText('Calories'), { key: 'A', code: 'KeyA', altKey: true, shiftKey: true });
    await waitFor(() => expect(value(screen.getByLabelText('Total Fat (g)'))).toBe('8'));
    expect(value(screen.getByLabelText('Total Fat % Daily Value'))).toBe('10');
    // The unsure protein waits for a look.
    expect(suggestion('Protein')).toBeTruthy();
    expect(lastPut(server).facts?.nutrients).toEqual({ totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 } });
    expect((screen.getByRole('button', { name: 'Accept all sure (0)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('corrects a reading: its value goes into the field to change, and is saved as corrected when left', async () => {
    const server = fakeFactsServer();
    renderWithApp(<Harness />);
    await section();
    fireEvent.click(within(suggestion('Protein')).getByRole('button', { name: 'Correct Protein' }));
    const amount = screen.getByLabelText('Protein (g)');
    expect(value(amount)).toBe('3');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    fireEvent.change(amount, { target: { value: '4' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(screen.getByText('Corrected from the photo')).toBeTruthy());
    expect(server.state.sources.protein?.source).toBe('corrected');
    expect(lastPut(server).facts?.nutrients.protein).toEqual({ amount: 4, unit: 'GRM', dailyValuePercent: null });
  });

  it('refuses a value the shared schema refuses, and saves nothing', async () => {
    const server = fakeFactsServer([]);
    renderWithApp(<Harness />);
    await section();
    const calories = screen.getByLabelText('Calories');
    fireEvent.change(calories, { target: { value: '-5' } });
    fireEvent.blur(calories);
    expect(await screen.findByText('Enter a number (e.g. 230).')).toBeTruthy();
    expect(calories.getAttribute('aria-invalid')).toBe('true');
    expect(server.puts).toEqual([]);
  });

  it('shows readings that arrive while the page is open, never over what the supplier is typing', async () => {
    const server = fakeFactsServer([]);
    renderWithApp(<Harness />);
    await section();
    fireEvent.change(screen.getByLabelText('Calories'), { target: { value: '250' } });
    server.state.readings = READINGS;
    act(() => pushFile!(server.file()));
    expect(await screen.findByRole('group', { name: 'Total Fat read from photo' })).toBeTruthy();
    // The calories being typed keep their value; the reading of them is not offered over them, nor taken by accept all.
    expect(value(screen.getByLabelText('Calories'))).toBe('250');
    expect(screen.queryByRole('group', { name: 'Calories read from photo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all sure (2)' }));
    await waitFor(() => expect(lastPut(server).facts?.allergens).toBe('CONTAINS: WHEAT, MILK.'));
    expect(lastPut(server).facts?.calories).toBeNull();
    expect(value(screen.getByLabelText('Calories'))).toBe('250');
  });

  it('says what an EU reading is per, and accepting one per 100 g keeps the facts per 100 g', async () => {
    const server = fakeFactsServer([
      { field: 'calories', value: 442, confidence: 0.82, region: region(0.2), basis: '100g' },
      {
        field: 'totalFat',
        value: { amount: 21.5, unit: 'GRM', dailyValuePercent: null },
        confidence: 0.82,
        region: region(0.3),
        basis: '100g',
      },
    ]);
    renderWithApp(<Harness />);
    await section();
    expect(within(suggestion('Calories')).getByText('442 per 100 g')).toBeTruthy();
    expect(within(suggestion('Total Fat')).getByText('21.5 g per 100 g')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nutrients per serving' })).toBeTruthy();
    fireEvent.click(within(suggestion('Calories')).getByRole('button', { name: 'Accept Calories: 442 per 100 g' }));
    await waitFor(() => expect(lastPut(server).facts?.basis).toBe('100g'));
    expect(lastPut(server).facts?.calories).toBe(442);
    expect(await screen.findByRole('heading', { name: 'Nutrients per 100 g' })).toBeTruthy();
  });

  it("warns when the label's numbers disagree, naming them", async () => {
    fakeFactsServer([], {
      basis: 'serving',
      servingSize: null,
      servingsPerContainer: null,
      calories: 300,
      energyKj: null,
      nutrients: {
        totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: null },
        totalCarbohydrate: { amount: 37, unit: 'GRM', dailyValuePercent: null },
        protein: { amount: 3, unit: 'GRM', dailyValuePercent: null },
      },
      netContent: null,
      ingredients: null,
      allergens: null,
    });
    renderWithApp(<Harness />);
    const alert = await screen.findByText("The label's numbers disagree");
    expect(alert.closest('[role="alert"]')?.textContent).toContain(
      'Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.',
    );
  });
});
