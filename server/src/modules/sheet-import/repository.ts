import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sheetMappings } from '../../db/schema.ts';

/** The mapping a company confirmed for sheets with these headers, if any. */
export async function findSheetMapping(db: Tx, companyId: number, signature: string) {
  const [row] = await db
    .select({ signature: sheetMappings.signature, targets: sheetMappings.targets })
    .from(sheetMappings)
    .where(and(eq(sheetMappings.companyId, companyId), eq(sheetMappings.signature, signature)));
  return row ?? null;
}

/** Remembers (or replaces) a company's mapping for sheets with these headers. */
export async function saveSheetMapping(db: Tx, companyId: number, signature: string, targets: string[]) {
  await db
    .insert(sheetMappings)
    .values({ companyId, signature, targets })
    .onConflictDoUpdate({
      target: [sheetMappings.companyId, sheetMappings.signature],
      set: { targets, updatedAt: sql`now()` },
    });
}
