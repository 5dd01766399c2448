import { useEffect, useState, type KeyboardEvent } from 'react';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  BULK_EDIT_MSG,
  BULK_EDIT_PLACEHOLDERS,
  numericInputText,
  parseMoneyInput,
  parseNumberInput,
  SEARCH_DEBOUNCE_MS,
  SUGGESTED_CLASSES,
  UOM_OPTIONS,
  wasRounded,
  type BulkEditColumn,
} from '@portal/domain';
import { fieldError } from '../../ui/field-error.tsx';
import { useAttributes, useBrandSearch, useMarketSearch, type Reference } from './bulk-edit-api.ts';
import classes from './bulk-edit.module.css';

/** How a required cell looks: yellow while empty, red after a failed Next until edited. */
export type CellState = 'ok' | 'warning' | 'error';

interface CellProps {
  column: BulkEditColumn;
  upc: string;
  value: unknown;
  state: CellState;
  /** The step check's or the server's message, shown in the error state. */
  message?: string;
  disabled?: boolean;
  onCommit: (value: unknown) => void;
  /** The cell shows typed text it cannot take (with why), or no longer does (undefined). */
  onUnsaveable?: (message: string | undefined) => void;
  /** Said under the cell (its description): where its value came from, when not typed here. */
  note?: string;
}

// The select cells open their list on a click, typing or ArrowDown, not on focus: tabbing across the table (or the
// focus a failed Next puts on the first red cell) would open a list over the cell's error message.

/** The accessible name of a cell's input: '{Column} for UPC {upc}'. */
export const cellLabel = (column: Pick<BulkEditColumn, 'label'>, upc: string) => `${column.label} for UPC ${upc}`;

const stateProps = (column: BulkEditColumn, state: CellState, message: string | undefined, ownError?: string) => {
  const error = ownError ?? (state === 'error' ? message : undefined);
  return {
    'aria-required': column.required || undefined,
    error: fieldError(error),
    className: state === 'warning' && !error ? classes.warning : undefined,
    'data-cell-state': error ? 'error' : state,
  };
};

/** One editable cell of the bulk edit table; its kind comes from the domain's column. */
export function BulkEditCell(props: CellProps) {
  switch (props.column.kind) {
    case 'text':
      return <TextCell {...props} />;
    case 'number':
    case 'money':
      return <NumberCell {...props} />;
    case 'suggestedClass':
      return <ChoiceCell {...props} options={SUGGESTED_CLASSES} placeholder={BULK_EDIT_PLACEHOLDERS.suggestedClass} />;
    case 'uom':
      return <ChoiceCell {...props} options={UOM_OPTIONS} placeholder={BULK_EDIT_PLACEHOLDERS.uom} />;
    case 'boolean':
      return <BooleanCell {...props} />;
    case 'brand':
      return <BrandCell {...props} />;
    case 'marketAccounts':
      return <MarketCell {...props} />;
    case 'attributes':
      return <AttributeCell {...props} />;
  }
}

/** Text cells commit on blur; Enter blurs; Escape reverts to the committed value. */
function useCommittedText(committed: string, commit: (text: string) => void) {
  const [text, setText] = useState(committed);
  useEffect(() => setText(committed), [committed]);
  return {
    value: text,
    setText,
    onBlur: () => {
      if (text !== committed) commit(text);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        e.currentTarget.blur();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        setText(committed);
      }
    },
  };
}

function TextCell({ column, upc, value, state, message, disabled, onCommit }: CellProps) {
  const text = useCommittedText(typeof value === 'string' ? value : '', (t) => onCommit(t.trim() === '' ? null : t));
  return (
    <TextInput
      aria-label={cellLabel(column, upc)}
      value={text.value}
      onChange={(e) => text.setText(e.currentTarget.value)}
      onBlur={text.onBlur}
      onKeyDown={text.onKeyDown}
      disabled={disabled}
      miw={160}
      {...stateProps(column, state, message)}
    />
  );
}

const numberText = (value: unknown, money: boolean) =>
  typeof value === 'number' ? (money ? value.toFixed(2) : String(value)) : '';

/** Number and money cells: the domain's input rules while typing, its parser on commit. */
function NumberCell({ column, upc, value, state, message, disabled, onCommit, onUnsaveable, note }: CellProps) {
  const money = column.kind === 'money';
  const [ownError, setOwnErrorState] = useState<string>();
  const setOwnError = (error: string | undefined) => {
    setOwnErrorState(error);
    onUnsaveable?.(error);
  };
  const [roundedNote, setRoundedNote] = useState<string>();
  const text = useCommittedText(numberText(value, money), (t) => {
    const parsed = money ? parseMoneyInput(t) : parseNumberInput(t);
    if (parsed === undefined) {
      setOwnError(money ? BULK_EDIT_MSG.money : BULK_EDIT_MSG.number);
      setRoundedNote(undefined);
      return;
    }
    setOwnError(undefined);
    // The rounded amount is shown in the cell and said under it: an amount never changes unseen.
    setRoundedNote(wasRounded(t, parsed) ? BULK_EDIT_MSG.rounded(numberText(parsed, money)) : undefined);
    onCommit(parsed);
  });
  return (
    <TextInput
      aria-label={cellLabel(column, upc)}
      inputMode="decimal"
      leftSection={money ? '$' : undefined}
      value={text.value}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        text.setText(numericInputText(raw));
      }}
      onBlur={text.onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOwnError(undefined);
        text.onKeyDown(e);
      }}
      disabled={disabled}
      miw={110}
      description={roundedNote ?? note}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...stateProps(column, state, message, ownError)}
    />
  );
}

function ChoiceCell({
  column,
  upc,
  value,
  state,
  message,
  disabled,
  onCommit,
  options,
  placeholder,
  note,
}: CellProps & { options: readonly string[]; placeholder: string }) {
  return (
    <Select
      openOnFocus={false}
      aria-label={cellLabel(column, upc)}
      data={[...options]}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onCommit(v)}
      placeholder={placeholder}
      searchable
      clearable
      allowDeselect={false}
      disabled={disabled}
      miw={column.kind === 'uom' ? 140 : 240}
      comboboxProps={{ withinPortal: true }}
      description={note}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...stateProps(column, state, message)}
    />
  );
}

const YES = 'Yes';
const NO = 'No';
function BooleanCell({ column, upc, value, state, message, disabled, onCommit }: CellProps) {
  return (
    <Select
      openOnFocus={false}
      aria-label={cellLabel(column, upc)}
      data={[YES, NO]}
      value={value === true ? YES : value === false ? NO : null}
      onChange={(v) => onCommit(v === YES ? true : v === NO ? false : null)}
      placeholder="Choose"
      clearable
      allowDeselect={false}
      disabled={disabled}
      miw={110}
      {...stateProps(column, state, message)}
    />
  );
}

/** The search text a user types, sent after the 1000 ms debounce (part 2 section 9). */
function useDebouncedSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  return { search, setSearch, debounced };
}

/** The brand: a company name searched with searchBrandsByName. */
function BrandCell({ column, upc, value, state, message, disabled, onCommit, note }: CellProps) {
  const current = typeof value === 'string' ? value : null;
  const { search, setSearch, debounced } = useDebouncedSearch();
  const found = useBrandSearch(debounced).data ?? [];
  const data = [...new Set([...(current ? [current] : []), ...found.map((c) => c.name)])];
  return (
    <Select
      openOnFocus={false}
      aria-label={cellLabel(column, upc)}
      data={data}
      value={current}
      onChange={(v) => onCommit(v)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      placeholder={BULK_EDIT_PLACEHOLDERS.brand}
      nothingFoundMessage={debounced.trim() ? 'No brand found' : 'Type to search'}
      searchable
      clearable
      allowDeselect={false}
      disabled={disabled}
      miw={190}
      description={note}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...stateProps(column, state, message)}
    />
  );
}

function ReferenceCell({
  column,
  upc,
  value,
  state,
  message,
  disabled,
  onCommit,
  options,
  placeholder,
  onSearch,
  searchValue,
}: CellProps & { options: Reference[]; placeholder: string; onSearch?: (s: string) => void; searchValue?: string }) {
  const chosen = Array.isArray(value) ? (value as Reference[]) : [];
  const byId = new Map<string, Reference>();
  for (const r of [...chosen, ...options]) byId.set(String(r.id), r);
  return (
    <MultiSelect
      openOnFocus={false}
      aria-label={cellLabel(column, upc)}
      data={[...byId.values()].map((r) => ({ value: String(r.id), label: r.name }))}
      value={chosen.map((r) => String(r.id))}
      onChange={(ids) => onCommit(ids.map((id) => byId.get(id)!).filter(Boolean))}
      placeholder={chosen.length ? undefined : placeholder}
      searchable
      clearable
      {...(onSearch && { searchValue, onSearchChange: onSearch, filter: ({ options: o }) => o })}
      disabled={disabled}
      miw={190}
      {...stateProps(column, state, message)}
    />
  );
}

/** Currently Selling At: market accounts searched by name after the debounce. */
function MarketCell(props: CellProps) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const found = useMarketSearch(debounced).data ?? [];
  return (
    <ReferenceCell
      {...props}
      options={found}
      placeholder={BULK_EDIT_PLACEHOLDERS.market}
      searchValue={search}
      onSearch={setSearch}
    />
  );
}

function AttributeCell(props: CellProps) {
  const all = useAttributes().data ?? [];
  return <ReferenceCell {...props} options={all} placeholder={BULK_EDIT_PLACEHOLDERS.attribute} />;
}
