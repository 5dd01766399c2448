import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Container } from '@mantine/core';
import { AppLink } from '../../partner/AppLink.tsx';
import { stripPartnerPrefix, usePartnerId } from '../../partner/partner-context.tsx';
import { useSession, useSignedInUser } from '../../session/session-context.tsx';
import { subNavigationItems } from './sub-navigation-items.ts';
import classes from './LoggedInShell.module.css';

/** The shell's section links; the current one carries aria-current="page". */
export function SubNavigation() {
  const user = useSignedInUser();
  const { flags } = useSession();
  const partnerId = usePartnerId();
  const path = stripPartnerPrefix(useLocation().pathname, partnerId);
  const list = useRef<HTMLUListElement>(null);
  // On a narrow screen the row scrolls: bring the current section into view (sideways only).
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && list.current)
      list.current.scrollLeft = Math.max(0, current.offsetLeft - list.current.offsetLeft - 16);
  }, [path]);

  return (
    <nav aria-label="Main" className={classes.nav}>
      <Container size="xl">
        <ul ref={list} className={classes.navList}>
          {subNavigationItems(user, flags).map((item) => (
            <li key={item.to}>
              <AppLink to={item.to} className={classes.navLink} aria-current={item.isActive(path) ? 'page' : undefined}>
                {item.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
