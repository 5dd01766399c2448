import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fileFactsOf, saveSubmissionFacts, useSubmissionFacts } from './submission-facts-api.ts';

// Loaded only for an item with readings to decide: the facts editor checks its values with the domain's schemas,
// which the submission page's first paint leaves out (build-plugins.test.ts).
const ProductFactsSection = lazy(() =>
  import('../drafts/facts/ProductFactsSection.tsx').then((m) => ({ default: m.ProductFactsSection })),
);

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
    <Suspense fallback={null}>
      <ProductFactsSection
        key={file.fileName}
        file={file}
        save={async (change) =>
          fileFactsOf(await saveSubmissionFacts(queryClient, submissionId, file.fileName, change))!
        }
        title="read from the photos you added"
        disabled={false}
      />
    </Suspense>
  );
}
