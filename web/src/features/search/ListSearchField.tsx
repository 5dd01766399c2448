import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MAX_LENGTH } from '@portal/domain';

/** A list's filter follows typing after this pause: the address (and the query) changes once typing settles. */
export const LIST_SEARCH_DEBOUNCE_MS = 400;

interface ListSearchFieldProps {
  /** The search as the address holds it (?q). */
  value: string | undefined;
  /** The settled text, trimmed (undefined: no search). */
  onChange: (q: string | undefined) => void;
  maw?: number;
  /** One line: what it finds as a placeholder instead of a description below it. */
  compact?: boolean;
  /** What it finds, when the list's search reaches more than the search box's. */
  finds?: string;
}

/**
 * The search box's search as a list's filter (catalogue, activity, review queue): the same matching (a name or brand
 * with typos forgiven, or a UPC in any form), kept in the address so that Back and a reload come back to it.
 */
export function ListSearchField({ value, onChange, maw = 320, compact, finds }: ListSearchFieldProps) {
  const hint = finds ?? 'Name, brand or UPC; typos are forgiven';
  const [typed, setTyped] = useState(value ?? '');
  const [settled] = useDebouncedValue(typed.trim(), LIST_SEARCH_DEBOUNCE_MS);
  // The address changed from elsewhere (Back, a link): show its search, unless it is what is being typed.
  useEffect(() => {
    setTyped((current) => (current.trim() === (value ?? '') ? current : (value ?? '')));
  }, [value]);
  useEffect(() => {
    if (settled !== (value ?? '') && settled === typed.trim()) onChange(settled || undefined);
    // Only a settled change of the typing asks for a new address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <TextInput
      type="search"
      label="Search"
      description={compact ? undefined : hint}
      placeholder={compact ? hint : undefined}
      title={compact ? hint : undefined}
      autoComplete="off"
      spellCheck={false}
      maxLength={SEARCH_MAX_LENGTH}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      maw={maw}
    />
  );
}
