import { useId, useState } from 'react';
import { Anchor, Badge, Center, Group, Modal, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { photoRolesText } from '@portal/domain';
import type { SubmissionFile } from './submission-api.ts';
import { FilePhotoIssues } from './PhotoIssueBadges.tsx';
import { codeMark, ImageWithMarks, type ImageMark } from './ImageMarks.tsx';
import { FileComments, fileMarks, type ShownComment } from './ReviewComments.tsx';
import classes from './submissions.module.css';

/**
 * The submission's images as thumbnails; choosing one shows it large in a dialog (Escape or the close button returns
 * to the thumbnail). PDFs and TIFFs show through their JPEG and PNG renditions, as the server names them. A
 * reviewer's comments on a file are listed under it, those on a region numbered and outlined on the image; staff
 * also see where the code was read.
 */
export function SubmissionImages({
  files,
  heading = 'Images',
  comments = [],
  showCodeRegions = false,
  zipUrl,
}: {
  files: readonly SubmissionFile[];
  heading?: string;
  comments?: readonly ShownComment[];
  showCodeRegions?: boolean;
  /** The images in one zip named by the GS1 Product Image Specification; offered when there is an image. */
  zipUrl?: string;
}) {
  const headingId = useId();
  const [open, setOpen] = useState<SubmissionFile | null>(null);
  const marksOf = (file: SubmissionFile): ImageMark[] => [
    ...(showCodeRegions ? [codeMark(file)].filter((m) => m !== null) : []),
    ...fileMarks(comments, file.fileName),
  ];
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {heading}
        </Title>
        {zipUrl && files.some((f) => f.kind !== 'pdf') && (
          <Anchor href={zipUrl} download size="sm">
            Download images (GS1 names)
          </Anchor>
        )}
      </Group>
      {files.length === 0 ? (
        <Text c="dimmed">No files.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="ul" className={classes.thumbList}>
          {files.map((file) => (
            <li key={file.fileName}>
              <UnstyledButton className={classes.thumbButton} onClick={() => setOpen(file)}>
                <Thumbnail src={file.thumbnailUrl} marks={marksOf(file)} />
                {/* Named by its text ("View NAME large"), not a label: the numbers drawn on the image are not in it. */}
                <Text size="sm" truncate="end" title={file.fileName} mt={4}>
                  <span className="visually-hidden">View </span>
                  {file.fileName}
                  <span className="visually-hidden"> large</span>
                </Text>
              </UnstyledButton>
              {file.isMarketingImage && (
                <Badge size="sm" variant="light" mt={4}>
                  Marketing image
                </Badge>
              )}
              {file.photoRoles?.length ? (
                <Text size="xs" c="dimmed" mt={4}>
                  Shows: {photoRolesText(file.photoRoles)}
                </Text>
              ) : null}
              <FilePhotoIssues fileName={file.fileName} issues={file.qualityIssues ?? []} />
              <FileComments comments={comments} fileName={file.fileName} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.fileName} size="xl" centered>
        {open && (
          <Stack align="center">
            <ImageWithMarks
              src={open.imageUrl}
              alt={open.fileName}
              marks={marksOf(open)}
              style={{ width: '100%', height: '75vh' }}
            />
            <FileComments comments={comments} fileName={open.fileName} />
          </Stack>
        )}
      </Modal>
    </section>
  );
}

/** A thumbnail, or a plain box while the server is still making it (or when it cannot). */
function Thumbnail({ src, marks }: { src: string; marks: ImageMark[] }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Center className={classes.thumb}>
        <Text size="xs" c="dimmed" ta="center">
          Preview not available yet
        </Text>
      </Center>
    );
  }
  return (
    <ImageWithMarks
      className={classes.thumb}
      src={src}
      alt=""
      loading="lazy"
      marks={marks}
      onError={() => setFailed(true)}
    />
  );
}
