import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { emailSchema } from '@portal/domain';
import { isEmailTaken } from './account-api.ts';

const CHECK_DELAY_MS = 400;

/**
 * Whether a changed, well-formed email already belongs to another account.
 * `checking` stays true until the answer for the current value is in.
 */
export function useEmailTaken(email: string, currentEmail: string) {
  const [debounced] = useDebouncedValue(email.trim(), CHECK_DELAY_MS);
  const candidate = email.trim();
  const shouldCheck =
    candidate.toLowerCase() !== currentEmail.toLowerCase() && emailSchema.safeParse(candidate).success;
  const query = useQuery({
    queryKey: ['email-exists', debounced.toLowerCase()],
    queryFn: ({ signal }) => isEmailTaken(debounced, signal),
    enabled: shouldCheck && debounced === candidate,
    staleTime: 30_000,
  });
  return {
    taken: shouldCheck && debounced === candidate && query.data === true,
    checking: shouldCheck && (debounced !== candidate || query.isFetching),
  };
}
