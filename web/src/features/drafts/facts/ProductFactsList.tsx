import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { displayUpc, productsOfDraft } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { saveFileFacts, useDraftFacts, type FileFacts } from './draft-facts-api.ts';
import { ProductFactsSection } from './ProductFactsSection.tsx';

interface Row {
  fileName: string;
  upc: string;
}

/**
 * The file whose facts are a product's: the first of its files that has facts (the readiness rules read the same),
 * else the first that has readings to decide, else its first file.
 */
export function factsFileOf(files: readonly FileFacts[]): FileFacts {
  return files.find((f) => f.facts) ?? files.find((f) => f.factSuggestions.length > 0) ?? files[0];
}

/** One "Product facts" section per product of the draft (its files grouped by UPC, as Submit groups them). */
export function ProductFactsList({
  draftId,
  rows,
  live,
  disabled,
}: {
  draftId: string;
  rows: readonly Row[];
  /** The draft's event stream is open: readings are pushed, polling is a safety net. */
  live: boolean;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const fileNames = useMemo(() => rows.map((r) => r.fileName), [rows]);
  const { data } = useDraftFacts(draftId, fileNames, live);
  const products = useMemo(
    () => productsOfDraft(rows.map((r) => ({ fileName: r.fileName, upc: r.upc.replace(/\D/g, '') }))),
    [rows],
  );
  if (!data) return null;
  // Named by UPC, never by file name: a file's own row is the region named after it.
  const withoutUpc = products.filter((group) => !group[0].upc).length;
  let unnamed = 0;
  return (
    <Stack gap="md">
      {products.map((group) => {
        const files = group.flatMap((r) => data.filter((f) => f.fileName === r.fileName));
        if (!files.length) return null;
        const file = factsFileOf(files);
        const upc = group[0].upc;
        unnamed += upc ? 0 : 1;
        const title = upc
          ? `UPC ${displayUpc(upc)}`
          : `product without a UPC${withoutUpc > 1 ? ` (${unnamed} of ${withoutUpc})` : ''}`;
        return (
          <ProductFactsSection
            key={file.fileName}
            file={file}
            save={(change) => saveFileFacts(queryClient, draftId, file.fileName, change)}
            title={title}
            disabled={disabled}
          />
        );
      })}
    </Stack>
  );
}
