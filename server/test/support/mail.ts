import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema.ts';
import type { TestServer } from '../harness.ts';

/** The newest message in the outbox to this address (undefined when there is none). */
export async function newestMailTo(server: TestServer, to: string) {
  const [row] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}
