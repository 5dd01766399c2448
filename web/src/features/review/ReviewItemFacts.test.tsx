import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import type { Submission } from '../submissions/submission-api.ts';
import { UpcComparison } from './ReviewItemFacts.tsx';

const submission = (upc: string, detectedUpcs: string[]) => ({ upc, detectedUpcs }) as unknown as Submission;

describe('typed and detected UPC', () => {
  it('on a mismatch marks the digits that differ, in both codes, and says which in words', () => {
    renderWithApp(<UpcComparison submission={submission('036000291452', ['0036000219452'])} />);
    const table = screen.getByRole('table', { name: 'Typed and detected UPC' });
    expect(within(table).getByTestId('upc-verdict').textContent).toBe('✗ Mismatch');
    const marks = (id: string) => [...within(table).getByTestId(id).querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks('upc-typed')).toEqual(['9', '1']);
    expect(marks('upc-detected')).toEqual(['1', '9']);
    expect(within(table).getByTestId('upc-detected').textContent).toBe('0036000219452 (differs in digits 9 and 10)');
  });

  it('marks nothing when the code read is the typed UPC in another form', () => {
    renderWithApp(<UpcComparison submission={submission('036000291452', ['0036000291452'])} />);
    expect(screen.getByTestId('upc-verdict').textContent).toBe('✓ Match');
    expect(document.querySelectorAll('mark')).toHaveLength(0);
  });
});
