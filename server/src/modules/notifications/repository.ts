import { eq } from 'drizzle-orm';
import type { Mail } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** Writes the mail to the outbox; returns its row's id. */
export async function keepInOutbox(db: Db, mail: Mail): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row.id;
}

export async function markSent(db: Db, id: number) {
  await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, id: number, error: string) {
  await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
}

export async function dropFromOutbox(db: Db, id: number) {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}
