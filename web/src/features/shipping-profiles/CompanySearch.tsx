import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain';
import { searchCompanies, shippingKeys, useCompanyName } from './shipping-api.ts';

/** The spec's words for the administrators' company search (part 2 section 2.7). */
export const COMPANY_SEARCH_PLACEHOLDER = 'State your business';
/** A failed search is said, not shown as an empty result. */
export const COMPANY_SEARCH_FAILED = 'The companies could not be searched. Please try again.';

interface Props {
  value: number | null;
  onChange: (companyId: number | null) => void;
}

/** Administrators pick the company whose profiles they work on; typed text is searched 1000 ms after typing stops. */
export function CompanySearch({ value, onChange }: Props) {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: shippingKeys.companySearch(debounced),
    queryFn: () => searchCompanies(debounced),
    enabled: debounced.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const selected = useCompanyName(value);

  // The chosen company stays an option while other names are searched, so its name keeps showing.
  const data = useMemo(() => {
    const options = debounced.trim() ? [...(results.data ?? [])] : [];
    if (value !== null && !options.some((o) => o.id === value))
      options.unshift({ id: value, name: selected.data?.name ?? `Company ${value}` });
    return options.map((o) => ({ value: String(o.id), label: o.name }));
  }, [results.data, debounced, value, selected.data]);

  const isFound = (id: string) => !!results.data?.some((c) => String(c.id) === id);
  const searching = results.isFetching || typed !== debounced;
  return (
    <Select
      label="Company"
      placeholder={COMPANY_SEARCH_PLACEHOLDER}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the company', 'aria-hidden': false, tabIndex: 0 }}
      nothingFoundMessage={
        !typed.trim()
          ? 'Type a company name'
          : searching
            ? 'Searching…'
            : results.isError
              ? COMPANY_SEARCH_FAILED
              : 'No companies found'
      }
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options }) =>
        // The chosen company stays in the data (its name shows in the field) but is offered only while its name is
        // what is typed: searching another name must not leave it the first, easiest option to pick.
        options.filter(
          (o) => !('value' in o) || o.value !== String(value) || o.label === typed || !typed.trim() || isFound(o.value),
        )
      }
      maw={420}
    />
  );
}
