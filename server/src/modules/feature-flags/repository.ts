import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { featureFlags } from '../../db/schema.ts';

export async function enabledFlags(db: Tx): Promise<string[]> {
  const rows = await db.select({ name: featureFlags.name }).from(featureFlags).where(eq(featureFlags.enabled, true));
  return rows.map((r) => r.name).sort();
}
