import { FIRST_READS_ELEMENT_ID } from '@portal/domain';
import type { UserDetails } from './user.ts';

/** The answers of the session's first reads, as the server wrote them into the page (server/src/lib/web-app.ts). */
export interface FirstReads {
  user: UserDetails | null;
  flags: string[];
  /** A signed-in page's own first reads, answered: each body by the request's key (api-fetch.ts answeredInPage). */
  answers: Record<string, unknown>;
}

/**
 * The first reads the page came with, or null where it came without them (the dev server, a page sent while the
 * database was out of reach): then the app asks the server. They describe the moment the page was sent, so they
 * stand for the session only while the app opens: as the session cache's first answers (session-context.tsx) and for
 * the first route's reads ahead (router.tsx). A few hundred bytes, parsed where asked.
 */
export function pageFirstReads(): FirstReads | null {
  return typeof document === 'undefined' ? null : parseFirstReads(document);
}

export function parseFirstReads(doc: Document): FirstReads | null {
  const text = doc.getElementById(FIRST_READS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { user?: unknown; flags?: unknown; answers?: unknown };
    const { user, answers } = value;
    if (!Array.isArray(value.flags) || typeof user !== 'object' || Array.isArray(user)) return null;
    return {
      user: (user as UserDetails | null) ?? null,
      flags: value.flags.filter((f) => typeof f === 'string'),
      answers: typeof answers === 'object' && answers !== null && !Array.isArray(answers) ? { ...answers } : {},
    };
  } catch {
    return null;
  }
}
