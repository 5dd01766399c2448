import type { ReviewNote, ReviewNoteBody } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { findSubmission } from '../submissions/repository.ts';
import { auditTarget } from '../submissions/service.ts';
import type { UserRow } from '../users/repository.ts';
import { reviewPolicy } from './policy.ts';
import { insertNote, notesOf } from './queries/notes.ts';

/**
 * Staff-only internal notes on an item. They are read only here (reviewers), never by the submission's presenters,
 * GraphQL or the integration API, so no path brings them to a supplier.
 */
export async function listNotes(ctx: AppContext, user: UserRow, id: string): Promise<ReviewNote[]> {
  authorize(reviewPolicy.note(user));
  if (!(await findSubmission(ctx.db, id))) throw notFound('Submission not found.');
  return notesOf(ctx.db, id);
}

/** Adds a note, audited (the text is in the audit row: staff read the trail). */
export async function addNote(ctx: AppContext, user: UserRow, id: string, body: ReviewNoteBody): Promise<ReviewNote> {
  authorize(reviewPolicy.note(user));
  return ctx.db.transaction(async (tx) => {
    const submission = await findSubmission(tx, id);
    if (!submission) throw notFound('Submission not found.');
    const note = await insertNote(tx, id, user.id, body.text);
    await recordAudit(tx, {
      actor: user,
      action: 'review.note_added',
      target: auditTarget(submission),
      before: null,
      after: { note: note.text },
    });
    return note;
  });
}
