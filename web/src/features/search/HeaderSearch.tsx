import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { SearchOptions } from './SearchOptions.tsx';
import { hrefOf, SEARCH_BOX_MIN_LENGTH, useSearchBox, type SearchHit } from './search-api.ts';
import { useSlashFocuses } from './use-slash-focuses.ts';
import classes from './search.module.css';

export const SEARCH_BOX_LABEL = 'Search products and submissions';

/**
 * The header's search box (WAI-ARIA combobox with a listbox popup): `/` anywhere but in a field focuses it; what is
 * typed is searched once typing settles; Arrow Down and Up walk the hits across their groups, Enter opens the one
 * chosen (the first when none is), Escape closes the list, then clears the box.
 */
export function HeaderSearch({ staff }: { staff: boolean }) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const { groups, settled, failed } = useSearchBox(typed);
  const hits = groups.flatMap((g) => g.hits);
  useSlashFocuses(input);

  // New hits: nothing chosen until the arrows choose.
  const answerKey = hits.map((h) => h.kind + h.id).join();
  useEffect(() => setActive(-1), [answerKey]);

  const choose = (hit: SearchHit) => {
    setOpen(false);
    setTyped('');
    input.current?.blur();
    void navigate(partnerPath(hrefOf(hit)));
  };
  const optionId = (i: number) => `${listId}-${i}`;
  const showing = open && typed.trim().length >= SEARCH_BOX_MIN_LENGTH;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!hits.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? hits.length - 1 : (i + step + hits.length) % hits.length));
    } else if (e.key === 'Enter') {
      const hit = hits[active] ?? (settled ? hits[0] : undefined);
      if (hit) {
        e.preventDefault();
        choose(hit);
      }
    } else if (e.key === 'Escape') {
      if (showing) setOpen(false);
      else setTyped('');
    }
  };

  return (
    <div className={classes.box} role="search">
      <input
        ref={input}
        className={classes.input}
        type="search"
        role="combobox"
        aria-label={SEARCH_BOX_LABEL}
        aria-expanded={showing}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        placeholder={staff ? 'Search products, submissions, companies (/)' : 'Search products and submissions (/)'}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // A click on a hit lands before the blur closes the list (the options take mouse down without focus).
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <SearchOptions
        id={listId}
        open={showing}
        groups={groups}
        active={active}
        optionId={optionId}
        status={failed ? 'failed' : settled ? 'settled' : 'searching'}
        onChoose={choose}
      />
    </div>
  );
}
