import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Select } from '@mantine/core';
import { renderWithApp } from '../test/render.tsx';

const COUNTRIES = Array.from({ length: 250 }, (_, i) => `Country ${i + 1}`);

describe('the app theme', () => {
  it('renders a closed drop-down without its options, and all of them once it opens', () => {
    renderWithApp(<Select label="Country of origin" data={COUNTRIES} />);
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Country of origin' }));
    expect(screen.getAllByRole('option')).toHaveLength(COUNTRIES.length);
  });
});
