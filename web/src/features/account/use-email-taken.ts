import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { isEmailTaken } from './account-api.ts';

const CHECK_DELAY_MS = 400;

type EmailCheck = (text: string) => boolean;
const loadEmailCheck = () => import('./account-information-schema.ts').then((m) => m.isEmailAddress);

/**
 * Whether a changed, well-formed email already belongs to another account.
 * `checking` stays true until the answer for the current value is in. Whether it is well formed is the domain's
 * schema's call, fetched (with zod) once the address is changed, not with the page; until then it is "checking".
 */
export function useEmailTaken(email: string, currentEmail: string) {
  const [debounced] = useDebouncedValue(email.trim(), CHECK_DELAY_MS);
  const candidate = email.trim();
  const changed = candidate.toLowerCase() !== currentEmail.toLowerCase();
  const [isEmailAddress, setIsEmailAddress] = useState<EmailCheck | null>(null);
  useEffect(() => {
    if (!changed || isEmailAddress) return;
    let current = true;
    // A failed fetch is tried again at the next change of the address.
    loadEmailCheck().then(
      (check) => current && setIsEmailAddress(() => check),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [changed, isEmailAddress, candidate]);

  const shouldCheck = changed && !!isEmailAddress?.(candidate);
  const query = useQuery({
    queryKey: ['email-exists', debounced.toLowerCase()],
    queryFn: ({ signal }) => isEmailTaken(debounced, signal),
    enabled: shouldCheck && debounced === candidate,
    staleTime: 30_000,
  });
  return {
    taken: shouldCheck && debounced === candidate && query.data === true,
    checking: (changed && !isEmailAddress) || (shouldCheck && (debounced !== candidate || query.isFetching)),
  };
}
