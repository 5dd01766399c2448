import {
  compareWithCatalogue,
  diffFacts,
  diffFields,
  diffFiles,
  isRejected,
  type ReviewItemComparison,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { productSeenBy } from '../catalogue/repository.ts';
import { productImageUrls } from '../catalogue/service.ts';
import type { submissionEvents } from '../submissions/events.ts';
import { findSubmission } from '../submissions/repository.ts';
import type { UserRow } from '../users/repository.ts';
import { reviewPolicy } from './policy.ts';
import {
  commentsOfRejection,
  keepRejectedVersion,
  proposalValues,
  rejectionAnswered,
  versionFiles,
} from './queries/compare.ts';

/**
 * Deciding with the context: the proposal beside the catalogued product of its UPC (certified values and current
 * images, differences marked) and, for a resubmission, beside the version that was rejected (fields and files, with
 * that rejection's comments). Staff with review rights only: a supplier never reaches it.
 */
export async function itemComparison(ctx: AppContext, user: UserRow, id: string): Promise<ReviewItemComparison> {
  authorize(reviewPolicy.workspace(user));
  const s = await findSubmission(ctx.db, id);
  const values = s && (await proposalValues(ctx.db, id));
  if (!s || !values) throw notFound('Submission not found.');
  const [product, answered, files] = await Promise.all([
    productSeenBy(ctx.db, s.ean13Upc, null),
    rejectionAnswered(ctx.db, id),
    versionFiles(ctx.db, id),
  ]);
  const images = product ? await productImageUrls(ctx.db, user, product.ean13Upc) : [];
  return {
    values,
    catalogued: product
      ? {
          ean13Upc: product.ean13Upc,
          isDelisted: product.isDelisted,
          updatedDate: product.updatedAt.toISOString(),
          rows: compareWithCatalogue(product, values),
          images: images.map((imageUrl) => ({ imageUrl, thumbnailUrl: `${imageUrl}?thumbnail=true` })),
        }
      : null,
    previous: answered
      ? {
          rejectedAt: answered.at,
          rejectedBy: answered.by,
          toStatus: answered.toStatus,
          reason: answered.reason,
          comments: await commentsOfRejection(ctx.db, id, answered.historyId),
          fields: answered.values ? diffFields(answered.values, values) : [],
          files: answered.files ? diffFiles(answered.files, files) : [],
          // Null: the rejected version was kept before its facts were.
          facts: answered.facts === undefined ? null : diffFacts(answered.facts, s.facts),
        }
      : null,
  };
}

/**
 * Every rejection keeps the version it saw (in its transaction, after its history row), its facts too: a
 * resubmission replaces the files and may change the facts, and the reviewer of the resubmission compares it with what was rejected.
 */
export function subscribeReviewVersions(events: typeof submissionEvents) {
  events.on('submissionStatusChanged', async ({ submission, to, undoes }, tx) => {
    if (undoes || !isRejected(to)) return;
    const [values, files] = [await proposalValues(tx, submission.id), await versionFiles(tx, submission.id)];
    if (values) await keepRejectedVersion(tx, submission.id, values, files, submission.facts);
  });
}
