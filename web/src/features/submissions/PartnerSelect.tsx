import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, titleCase } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import { graphql } from '../../api/gql/index.ts';

/** The spec's label, as written there. */
export const PARTNER_SELECT_LABEL = "Choose which partner's submission status to show";

/** A partner search result (part 1 section 3): id and company name. */
export interface PartnerOption {
  id: number;
  companyName: string;
}

/** Finds partners whose name contains `name` (all of them for an empty name). */
export type PartnerSearch = (name: string) => Promise<PartnerOption[]>;

const SearchPartnersQuery = graphql(`
  query SearchPartnerConfigurations($name: String!) {
    searchPartnerConfigurations(name: $name) {
      id
      companyName
    }
  }
`);

/** Partners whose company name contains what was typed, from the server. */
export function usePartnerSearch(): PartnerSearch {
  return useCallback(
    async (name: string) => (await gql(SearchPartnersQuery, { name })).searchPartnerConfigurations,
    [],
  );
}

interface PartnerSelectProps {
  value: number | null;
  onChange: (partnerCompanyId: number | null) => void;
  search: PartnerSearch;
}

/**
 * 'Choose which partner's submission status to show': searchable and clearable; what is typed is searched 1000 ms
 * after typing stops (part 1 section 9).
 */
export function PartnerSelect({ value, onChange, search }: PartnerSelectProps) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<PartnerOption | null>(null);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['partner-search', debounced],
    queryFn: () => search(debounced),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  // The chosen partner stays an option while other names are searched, so its name keeps showing.
  const data = useMemo(() => {
    const options = [...(results.data ?? [])];
    if (chosen && chosen.id === value && !options.some((o) => o.id === chosen.id)) options.unshift(chosen);
    if (value !== null && !options.some((o) => o.id === value))
      options.unshift({ id: value, companyName: `Partner ${value}` });
    return options.map((o) => ({ value: String(o.id), label: titleCase(o.companyName) }));
  }, [results.data, chosen, value]);

  return (
    <Select
      label={PARTNER_SELECT_LABEL}
      placeholder="All partners"
      searchable
      clearable
      // Mantine leaves its clear button out of the tab order and hidden from screen readers; here it is a real button.
      clearButtonProps={{ 'aria-label': 'Show all partners', 'aria-hidden': false, tabIndex: 0 }}
      nothingFoundMessage={results.isFetching || typed !== debounced ? 'Searching…' : 'No partners found'}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        setChosen(results.data?.find((o) => o.id === id) ?? null);
        onChange(id);
      }}
      searchValue={typed}
      onSearchChange={setTyped}
      // The search already filtered by name; Mantine must not filter again by the typed text.
      filter={({ options }) => options}
      maw={420}
    />
  );
}
