import { useQueryClient } from '@tanstack/react-query';
import { ProductFactsSection } from '../drafts/facts/ProductFactsSection.tsx';
import { fileFactsOf, saveSubmissionFacts, useSubmissionFacts } from './submission-facts-api.ts';

/**
 * The facts read from the photos added on resubmit or for a catalogued product, offered as on Enter UPC(s) (accept,
 * correct, dismiss; never over a value there) while the item waits for review, to whoever may change it. Nothing
 * shows for a submission none of whose photos is read.
 */
export function SubmissionFactSuggestions({ submissionId }: { submissionId: string }) {
  const queryClient = useQueryClient();
  const { data } = useSubmissionFacts(submissionId);
  const file = data?.canDecide && data.factReadingStatus !== 'none' ? fileFactsOf(data) : null;
  if (!file) return null;
  return (
    <ProductFactsSection
      key={file.fileName}
      file={file}
      save={async (change) => fileFactsOf(await saveSubmissionFacts(queryClient, submissionId, file.fileName, change))!}
      title="read from the photos you added"
      disabled={false}
    />
  );
}
