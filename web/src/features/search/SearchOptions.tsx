import type { SearchGroup, SearchHit } from './search-api.ts';
import { detailsOf } from './search-api.ts';
import classes from './search.module.css';

interface SearchOptionsProps {
  id: string;
  open: boolean;
  groups: SearchGroup[];
  /** The index of the chosen hit across the groups (-1: none). */
  active: number;
  optionId: (index: number) => string;
  status: 'searching' | 'settled' | 'failed';
  onChoose: (hit: SearchHit) => void;
}

/** The search box's popup: a listbox of the hits grouped by kind, each with its status and partner. */
export function SearchOptions({ id, open, groups, active, optionId, status, onChoose }: SearchOptionsProps) {
  let index = 0;
  const empty = groups.length === 0;
  return (
    <div className={classes.popup} hidden={!open}>
      <div role="listbox" id={id} aria-label="Search results" className={classes.list}>
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
            <div id={`${id}-${group.key}`} role="presentation" className={classes.groupLabel}>
              {group.label}
            </div>
            {group.hits.map((hit) => {
              const i = index++;
              return (
                <div
                  key={hit.kind + hit.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  // Chosen through the box (aria-activedescendant), never tabbed to.
                  tabIndex={-1}
                  className={classes.option}
                  // Chosen on mouse down: the input keeps its focus, so its blur does not close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    onChoose(hit);
                  }}
                >
                  <span className={classes.title}>{hit.title}</span>
                  <span className={classes.details}>{detailsOf(hit)}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p className={classes.status} role="status">
        {status === 'failed'
          ? 'Search failed. Please try again.'
          : empty
            ? status === 'settled'
              ? 'Nothing found.'
              : 'Searching…'
            : `${index} found. Arrow keys choose, Enter opens.`}
      </p>
    </div>
  );
}
