import { sql } from 'drizzle-orm';
import type { ReviewNote } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { claimName } from './claims.ts';

/** Internal notes (review_notes): staff-only, read only by the review workspace's routes. */

type NoteRow = {
  id: number;
  text: string;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

const present = (r: NoteRow): ReviewNote => ({
  id: Number(r.id),
  author: r.email ? claimName({ first_name: r.first_name ?? '', last_name: r.last_name ?? '', email: r.email }) : null,
  text: r.text,
  at: new Date(r.created_at).toISOString(),
});

/** An item's notes, oldest first. */
export async function notesOf(db: Tx, submissionId: string): Promise<ReviewNote[]> {
  const rows = await queryRows<NoteRow>(
    db,
    sql`select n.id, n.text, n.created_at, u.first_name, u.last_name, u.email from review_notes n
      left join users u on u.id = n.user_id where n.submission_id = ${submissionId}::uuid order by n.id`,
  );
  return rows.map(present);
}

export async function insertNote(tx: Tx, submissionId: string, userId: number, text: string): Promise<ReviewNote> {
  const [row] = await queryRows<NoteRow>(
    tx,
    sql`with n as (insert into review_notes (submission_id, user_id, text) values (${submissionId}::uuid, ${userId}, ${text})
        returning id, text, created_at, user_id)
      select n.id, n.text, n.created_at, u.first_name, u.last_name, u.email from n join users u on u.id = n.user_id`,
  );
  return present(row);
}
