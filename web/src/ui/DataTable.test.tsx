import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DataTable, type ListQuery } from './DataTable.tsx';

const show = (query: ListQuery<string>, rows?: string[]) =>
  render(
    <MantineProvider>
      <DataTable
        query={query}
        rows={rows}
        loading="Loading fruit…"
        failed="The fruit could not be loaded."
        empty="No fruit."
      >
        {(list) => (
          <ul aria-label="Fruit">
            {list.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
      </DataTable>
    </MantineProvider>,
  );

describe('DataTable: the states a table page shares', () => {
  it('says it is loading, to screen readers too, while the rows come', () => {
    show({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status').textContent).toBe('Loading fruit…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the failure in an alert', () => {
    show({ isPending: false, isError: true, data: undefined });
    expect(screen.getByRole('alert').textContent).toBe('The fruit could not be loaded.');
  });

  it("says the page's own words when there is nothing, and for rows filtered to none", () => {
    show({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('No fruit.')).toBeTruthy();
  });

  it('lists the rows given (filtered on the page) rather than all the query has', () => {
    show({ isPending: false, isError: false, data: ['apple', 'pear'] }, ['pear']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['pear']);
  });

  it('lists the rows once there are', () => {
    show({ isPending: false, isError: false, data: ['apple', 'pear'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['apple', 'pear']);
  });
});
