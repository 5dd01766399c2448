import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { withPartner } from '@portal/domain';

/** The numeric partner id of the first path segment, or null without one. */
const PartnerContext = createContext<number | null>(null);

export function PartnerProvider({ partnerId, children }: { partnerId: number | null; children: ReactNode }) {
  return <PartnerContext.Provider value={partnerId}>{children}</PartnerContext.Provider>;
}

export const usePartnerId = () => useContext(PartnerContext);

/**
 * The one helper every internal link goes through: it adds the partner segment
 * when a partner is set, so screens write paths relative to the partner root.
 */
export function usePartnerPath(): (path: string) => string {
  const partnerId = usePartnerId();
  return useCallback((path: string) => withPartner(path, partnerId), [partnerId]);
}

/** The path relative to the partner root, for rules written against spec routes. */
export function stripPartnerPrefix(pathname: string, partnerId: number | null): string {
  if (!partnerId) return pathname;
  const prefix = `/${partnerId}`;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}
