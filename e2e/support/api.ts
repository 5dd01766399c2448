import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { apiContext } from './api-context.ts';

// Direct API calls for putting demo accounts back the way they were, whatever a test did to them
// (used in `finally` blocks so that a failed test does not leave other runs with a changed account).
// Their sessions are the specs' own (apiContext): our Origin, as the browser would send it.

async function signedIn(
  email: string,
  passwords: readonly string[],
): Promise<{ api: APIRequestContext; password: string } | null> {
  for (const password of passwords) {
    const api = await apiContext(E2E.portal);
    const res = await api.post('/api/auth/login', { form: { username: email, password } });
    if (res.ok()) return { api, password };
    await api.dispose();
  }
  return null;
}

/** Makes `original` the account's password again; `tried` are the passwords a test may have left. */
export async function restorePassword(email: string, original: string, tried: readonly string[]) {
  const session = await signedIn(email, [original, ...tried]);
  if (!session) throw new Error(`cannot sign in as ${email} with any known password to restore it`);
  try {
    if (session.password === original) return;
    const res = await session.api.patch('/api/user/password', {
      data: { oldPassword: session.password, newPassword: original },
    });
    if (!res.ok()) throw new Error(`restoring the password of ${email} failed: ${res.status()} ${await res.text()}`);
  } finally {
    await session.api.dispose();
  }
}

/** Puts name and e-mail back; `emails` are the addresses the account may have now. */
export async function restoreDetails(
  details: { email: string; firstName: string; lastName: string },
  password: string,
  emails: readonly string[] = [],
) {
  for (const email of [details.email, ...emails]) {
    const session = await signedIn(email, [password]);
    if (!session) continue;
    try {
      const res = await session.api.put('/api/user', { data: details });
      if (!res.ok())
        throw new Error(`restoring the details of ${details.email} failed: ${res.status()} ${await res.text()}`);
      return;
    } finally {
      await session.api.dispose();
    }
  }
  throw new Error(`cannot sign in as ${details.email} to restore its details`);
}
