import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchCompanies, reviewKeys } from './review-api.ts';

/** Typing pauses this long before the server is asked (the list follows the typing, not every key). */
const COMPANY_SEARCH_DEBOUNCE_MS = 250;

/**
 * The queue's company filter: type part of a company's name and pick it from what the server finds (any number of
 * companies; none are listed before typing). The chosen company's name is read by its id when the filter comes from
 * the address.
 */
export function CompanySelect({ value, onChange }: { value: number | undefined; onChange: (id?: number) => void }) {
  // The choice shows at once; `value` follows from the address in a transition, and the Select empties its typed
  // text when its value becomes empty: had that waited for the address, it would wipe what was typed meanwhile.
  const [shown, setShown] = useState(value);
  const [fromAddress, setFromAddress] = useState(value);
  if (fromAddress !== value) {
    setFromAddress(value);
    setShown(value);
  }
  const choose = (id: number | undefined) => {
    setShown(id);
    onChange(id);
  };
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, COMPANY_SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: reviewKeys.companies(debounced),
    queryFn: () => searchCompanies({ q: debounced }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: debounced.trim().length > 0,
  });
  const chosen = useQuery({
    queryKey: reviewKeys.company(shown),
    queryFn: () => searchCompanies({ id: shown }),
    enabled: shown !== undefined,
    staleTime: 5 * 60_000,
  });

  // The chosen company stays an option while other names are searched, so its name keeps showing.
  const data = useMemo(() => {
    const options = debounced.trim() ? [...(results.data?.companies ?? [])] : [];
    const current = chosen.data?.companies[0];
    if (shown !== undefined && !options.some((o) => o.id === shown))
      options.unshift(current ?? { id: shown, name: `Company ${shown}` });
    return options.map((o) => ({ value: String(o.id), label: o.name }));
  }, [debounced, results.data, chosen.data, shown]);

  const searching = results.isFetching || typed !== debounced;
  return (
    <Select
      label="Company"
      placeholder="Type a company name"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Any company', 'aria-hidden': false, tabIndex: 0 }}
      nothingFoundMessage={!typed.trim() ? 'Type part of a name' : searching ? 'Searching…' : 'No company found'}
      data={data}
      value={shown === undefined ? null : String(shown)}
      onChange={(next) => choose(next === null ? undefined : Number(next))}
      searchValue={typed}
      onSearchChange={setTyped}
      // The server already searched by name; Mantine must not filter again by the typed text.
      filter={({ options }) => options}
    />
  );
}
