import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sheetImports, sheetMappings } from '../../db/schema.ts';

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

export type SheetImportRow = typeof sheetImports.$inferSelect;

export async function insertSheetImport(db: Tx, values: typeof sheetImports.$inferInsert) {
  const [row] = await db.insert(sheetImports).values(values).returning();
  return row;
}

export async function findSheetImport(db: Tx, id: string): Promise<SheetImportRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(sheetImports).where(eq(sheetImports.id, id));
  return row ?? null;
}

/** A batch's outcome added to the import's counts, in the batch's transaction: the job goes on from `done`. */
export async function recordSheetImportBatch(
  db: Tx,
  id: string,
  batch: { rows: number; created: number; updated: number; unchanged: number; photosAttached: number; kept: number },
) {
  await db
    .update(sheetImports)
    .set({
      status: 'running',
      done: sql`${sheetImports.done} + ${batch.rows}`,
      created: sql`${sheetImports.created} + ${batch.created}`,
      updated: sql`${sheetImports.updated} + ${batch.updated}`,
      unchanged: sql`${sheetImports.unchanged} + ${batch.unchanged}`,
      photosAttached: sql`${sheetImports.photosAttached} + ${batch.photosAttached}`,
      kept: sql`${sheetImports.kept} + ${batch.kept}`,
    })
    .where(eq(sheetImports.id, id));
}

export async function finishSheetImport(db: Tx, id: string, error: string | null) {
  await db
    .update(sheetImports)
    .set({ status: error === null ? 'done' : 'failed', error, finishedAt: sql`now()` })
    .where(eq(sheetImports.id, id));
}
