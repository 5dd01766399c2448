import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlag } from '@portal/domain';
import { notAuthorized } from '../api/api-events.ts';
import { fetchCurrentUser, fetchEnabledFlags, logoutOnServer } from './session-api.ts';
import type { UserDetails } from './user.ts';

export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated';

/** Why the last session ended: a logout goes home, an expiry remembers where the user was. */
export type SessionEnd = 'logout' | 'expired' | null;

export interface Session {
  status: AuthStatus;
  user: UserDetails | null;
  flags: readonly string[];
  flagsLoaded: boolean;
  hasFlag: (flag: FeatureFlag) => boolean;
  endedBy: SessionEnd;
  /** After a successful login (or password strengthening) with the user the server answered. */
  signIn: (user: UserDetails) => void;
  /** After the user's details changed on the server. */
  updateUser: (user: UserDetails) => void;
  signOut: () => Promise<void>;
}

export const sessionKeys = {
  user: ['session', 'user'] as const,
  flags: (userId: number | null) => ['session', 'feature-flags', userId] as const,
};

export const SessionContext = createContext<Session | null>(null);

// One empty list, so the session value keeps its identity (and consumers do not re-render) while flags load.
const NO_FLAGS: string[] = [];

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [endedBy, setEndedBy] = useState<SessionEnd>(null);

  const userQuery = useQuery({ queryKey: sessionKeys.user, queryFn: fetchCurrentUser, staleTime: Infinity });
  const user = userQuery.data ?? null;
  const status: AuthStatus = userQuery.isPending ? 'unknown' : user ? 'authenticated' : 'unauthenticated';

  const flagsQuery = useQuery({
    queryKey: sessionKeys.flags(user?.id ?? null),
    queryFn: fetchEnabledFlags,
    enabled: status !== 'unknown',
    staleTime: Infinity,
  });
  const flags = flagsQuery.data ?? NO_FLAGS;

  const forgetUser = useCallback(
    (reason: Exclude<SessionEnd, null>) => {
      setEndedBy(reason);
      queryClient.setQueryData(sessionKeys.user, null);
      // Nothing cached for the previous user may leak to the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
    [queryClient],
  );

  useEffect(
    () =>
      notAuthorized.subscribe(() => {
        if (queryClient.getQueryData(sessionKeys.user)) forgetUser('expired');
        else queryClient.setQueryData(sessionKeys.user, null);
      }),
    [queryClient, forgetUser],
  );

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      flags,
      flagsLoaded: flagsQuery.isFetched,
      hasFlag: (flag) => flags.includes(flag),
      endedBy,
      signIn: (signedIn) => {
        setEndedBy(null);
        queryClient.setQueryData(sessionKeys.user, signedIn);
      },
      updateUser: (updated) => queryClient.setQueryData(sessionKeys.user, updated),
      signOut: async () => {
        await logoutOnServer();
        forgetUser('logout');
      },
    }),
    [status, user, flags, flagsQuery.isFetched, endedBy, queryClient, forgetUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** For screens that only render inside the logged-in shell. */
export function useSignedInUser(): UserDetails {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser used outside the logged-in shell');
  return user;
}
