import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { featureFlags } from '../../db/schema.ts';

export async function enabledFlags(db: Tx): Promise<string[]> {
  const rows = await db.select({ name: featureFlags.name }).from(featureFlags).where(eq(featureFlags.enabled, true));
  return rows.map((r) => r.name).sort();
}

export async function isFlagEnabled(db: Tx, name: string): Promise<boolean> {
  const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.name, name));
  return Boolean(flag?.enabled);
}

/** Turns the named flags on where they are not set yet (a flag an administrator set keeps its value). */
export async function enableNewFlags(db: Tx, names: readonly string[]) {
  await db
    .insert(featureFlags)
    .values(names.map((name) => ({ name, enabled: true })))
    .onConflictDoNothing();
}
