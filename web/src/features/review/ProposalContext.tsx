import { Alert, Loader } from '@mantine/core';
import type { ReviewCommentField } from '@portal/domain';
import { CataloguedBeside } from './CataloguedBeside.tsx';
import { ProposalAttributes } from './ProposalAttributes.tsx';
import { ResubmissionDiff } from './ResubmissionDiff.tsx';
import { useItemComparison } from './review-compare-api.ts';

/**
 * Deciding with the context: for a resubmission what changed since the rejection, the proposal's attributes (each
 * open to a comment), and the catalogued product of its UPC beside the proposal.
 */
export function ProposalContext({
  submissionId,
  onComment,
}: {
  submissionId: string;
  onComment?: (field: ReviewCommentField) => void;
}) {
  const comparison = useItemComparison(submissionId);
  if (comparison.isError)
    return (
      <Alert color="yellow" role="status">
        The comparison with the catalogue and the rejected version could not be loaded.
      </Alert>
    );
  const c = comparison.data;
  if (!c) return <Loader size="sm" aria-label="Loading the comparison" />;
  return (
    <>
      {c.previous && <ResubmissionDiff previous={c.previous} />}
      <ProposalAttributes values={c.values} onComment={onComment} />
      {c.catalogued && <CataloguedBeside catalogued={c.catalogued} />}
    </>
  );
}
