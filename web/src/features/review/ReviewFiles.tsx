import type { Ref } from 'react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { displayUpc, photoRolesText, type ReviewCommentInput } from '@portal/domain';
import { codeMark, factMarks, type FactSourceOnPhoto, type ImageMark } from '../submissions/ImageMarks.tsx';
import { fileMarks } from '../submissions/ReviewComments.tsx';
import type { SubmissionFile } from '../submissions/submission-api.ts';
import { ImageViewer, type ImageViewerHandle, type RegionMarking } from './ImageViewer.tsx';

/**
 * The item's files: the one on show large in the viewer (with where its code was read and the comments' regions
 * marked), the others as thumbnails to pick, and what was read from the one on show.
 */
export function ReviewFiles({
  itemId,
  files,
  fileIndex,
  onFileIndex,
  viewer,
  comments,
  marking,
  factSources = [],
}: {
  itemId: string;
  files: readonly SubmissionFile[];
  fileIndex: number;
  onFileIndex: (index: number) => void;
  viewer: Ref<ImageViewerHandle>;
  comments: readonly ReviewCommentInput[];
  marking: RegionMarking | null;
  /** Where the product's facts came from: those read from the file on show are outlined on it. */
  factSources?: readonly FactSourceOnPhoto[];
}) {
  const file = files[Math.min(fileIndex, files.length - 1)];
  const facts = file ? factMarks(factSources, file.fileName) : [];
  const shows = photoRolesText(file?.photoRoles ?? []);
  const marks: ImageMark[] = file
    ? [...[codeMark(file)].filter((m) => m !== null), ...fileMarks(comments, file.fileName), ...facts]
    : [];
  return (
    <>
      {file ? (
        <ImageViewer
          key={`${itemId}/${file.fileName}`}
          ref={viewer}
          src={file.imageUrl}
          alt={`${file.fileName}, file ${fileIndex + 1} of ${files.length}`}
          marks={marks}
          marking={marking}
        />
      ) : (
        <Text c="dimmed">No files.</Text>
      )}
      <Group gap="xs" mt="xs" component="ul" aria-label="Files" style={{ listStyle: 'none', padding: 0 }}>
        {files.map((f, i) => (
          <li key={f.fileName}>
            <UnstyledButton
              onClick={() => onFileIndex(i)}
              aria-label={`Show ${f.fileName}`}
              aria-current={i === fileIndex ? 'true' : undefined}
              style={{
                border: `2px solid ${i === fileIndex ? 'var(--mantine-color-brand-6, #1f5f8b)' : 'transparent'}`,
                borderRadius: 4,
              }}
            >
              <img
                src={f.thumbnailUrl}
                alt=""
                width={72}
                height={72}
                style={{ objectFit: 'cover', display: 'block' }}
              />
            </UnstyledButton>
          </li>
        ))}
      </Group>
      {file && (
        <Text size="xs" c="dimmed">
          {file.fileName}
          {file.detectedUpcs.length
            ? ` — code read: ${file.detectedUpcs.map(displayUpc).join(', ')}`
            : file.detectionStatus === 'pending'
              ? ' — reading the code…'
              : ' — no code read'}
          {file.barcodeRegion ? ' (outlined in green dashes on the image)' : ''}
          {shows && ` — shows: ${shows}`}
          {facts.length > 0 &&
            ` — product facts read from this photo (${facts.map((m) => m.label).join(', ')}) outlined in orange dots`}
        </Text>
      )}
    </>
  );
}
