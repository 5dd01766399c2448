import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Container } from '@mantine/core';
import { AppLink } from '../../partner/AppLink.tsx';
import { stripPartnerPrefix, usePartnerId } from '../../partner/partner-context.tsx';
import { useSession, useSignedInUser } from '../../session/session-context.tsx';
import { subNavigationItems } from './sub-navigation-items.ts';
import classes from './LoggedInShell.module.css';

/**
 * The shell's section links; the current one carries aria-current="page". Wide, they are one row; on a phone a
 * sideways-scrolling row cut its last section off with no cue, so there a Menu button (naming the current section)
 * opens the list of every section, one per line (the CSS decides which form shows).
 */
export function SubNavigation() {
  const user = useSignedInUser();
  const { flags } = useSession();
  const partnerId = usePartnerId();
  const path = stripPartnerPrefix(useLocation().pathname, partnerId);
  const items = subNavigationItems(user, flags);
  const current = items.find((item) => item.isActive(path));
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // A section chosen from the menu closes it.
  useEffect(() => setOpen(false), [path]);
  // Escape closes the open menu and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav aria-label="Main" className={classes.nav}>
      <Container size="xl">
        <button
          ref={toggle}
          type="button"
          className={classes.menuToggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className={classes.menuIcon}>
            {open ? '✕' : '☰'}
          </span>
          Menu
          {current && <span className={classes.menuCurrent}>{current.label}</span>}
        </button>
        <ul id={listId} className={classes.navList} data-open={open || undefined}>
          {items.map((item) => (
            <li key={item.to}>
              <AppLink to={item.to} className={classes.navLink} aria-current={item === current ? 'page' : undefined}>
                {item.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
