import { Text } from '@mantine/core';
import {
  commentsOn,
  isCommentFact,
  isMarkedComment,
  REVIEW_COMMENT_ATTRIBUTES,
  REVIEW_COMMENT_FACTS,
  REVIEW_FIELD_LABELS,
  regionInWords,
  type ReviewCommentField,
  type ReviewCommentInput,
} from '@portal/domain';
import type { ImageMark } from './ImageMarks.tsx';
import type { Submission } from './submission-api.ts';

/**
 * A comment as the pages show it: the server's (with who wrote it and its reason in words), or one a reviewer is
 * still writing.
 */
export type ShownComment = Pick<ReviewCommentInput, 'target' | 'fileName' | 'region' | 'text'> & {
  by?: string;
  reason?: string | null;
};

/** The comment's reason in words, after its text (nothing when the reviewer gave no reason code). */
export const CommentReason = ({ reason }: { reason?: string | null }) =>
  reason ? (
    <Text span size="sm" fs="italic" data-comment-reason>
      {' '}
      (Reason: {reason})
    </Text>
  ) : null;
export type SubmissionComment = Submission['reviewComments'][number];

/** The region comments of a file, numbered in order: the number is drawn on the image and starts its line below. */
export function fileMarks(comments: readonly ShownComment[], fileName: string): ImageMark[] {
  return commentsOn(comments, { fileName })
    .filter((c) => isMarkedComment(c))
    .map((c, i) => ({ region: c.region!, kind: 'comment' as const, label: String(i + 1) }));
}

/**
 * The reviewer's comments on a field, under its value (nothing when there are none); one marked on a photo says which
 * file it is marked on.
 */
export function FieldComments({
  comments,
  field,
  label,
}: {
  comments: readonly ShownComment[];
  field: ReviewCommentField;
  label: string;
}) {
  const mine = commentsOn(comments, { field });
  if (!mine.length) return null;
  return (
    <ul
      aria-label={`Reviewer's comments on the ${label}`}
      style={{ margin: '4px 0 0', paddingLeft: 0, listStyle: 'none' }}
    >
      {mine.map((c, i) => (
        <li key={i} data-comment-on={field}>
          <Text size="sm" c="red.9">
            <Text span fw={700}>
              Reviewer:
            </Text>{' '}
            {c.text}
            <CommentReason reason={c.reason} />
            {c.region && c.fileName && (
              <Text span size="xs" c="dimmed">
                {' '}
                (marked on {c.fileName})
              </Text>
            )}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** Comments on targets the page does not show as fields of their own: each target named, its comments under it. */
function NamedTargetComments({
  comments,
  targets,
  title,
}: {
  comments: readonly ShownComment[];
  targets: readonly ReviewCommentField[];
  title: string;
}) {
  const named = targets.filter((t) => comments.some((c) => c.target === t));
  if (!named.length) return null;
  return (
    <section aria-label={title}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      <dl style={{ margin: 0 }}>
        {named.map((t) => (
          <div key={t}>
            <dt>
              <Text span size="sm" fw={600}>
                {REVIEW_FIELD_LABELS[t]}
              </Text>
            </dt>
            <dd style={{ marginLeft: 0 }}>
              <FieldComments comments={comments} field={t} label={REVIEW_FIELD_LABELS[t].toLowerCase()} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The reviewer's comments on the product's facts, for a page that does not show the facts (nothing when there are
 * none): each fact named, its comments under it, in the label's order.
 */
export const FactComments = ({ comments }: { comments: readonly ShownComment[] }) => (
  <NamedTargetComments
    comments={comments}
    targets={REVIEW_COMMENT_FACTS}
    title="Reviewer's comments on the product facts"
  />
);

/**
 * The reviewer's comments on the proposal's other attributes (brand, measures, prices…), which the detail and
 * resubmit pages do not show as fields: each attribute named, its comments under it, in the order of the bulk edit.
 */
export const AttributeComments = ({ comments }: { comments: readonly ShownComment[] }) => (
  <NamedTargetComments
    comments={comments}
    targets={REVIEW_COMMENT_ATTRIBUTES}
    title="Reviewer's comments on other details"
  />
);

/**
 * The reviewer's comments on one file, under its image: those on the whole file, then those on a region, numbered as
 * the rectangles on the image are, each saying in words where its region is.
 */
export function FileComments({ comments, fileName }: { comments: readonly ShownComment[]; fileName: string }) {
  const mine = commentsOn(comments, { fileName });
  if (!mine.length) return null;
  let n = 0;
  return (
    <ul
      aria-label={`Reviewer's comments on ${fileName}`}
      style={{ margin: '4px 0 0', paddingLeft: 0, listStyle: 'none' }}
      data-comments-for={fileName}
    >
      {mine.map((c, i) => {
        const number = isMarkedComment(c) ? ++n : null;
        // A fact marked on the photo: the mark's line says which value it is about.
        const fact = isCommentFact(c.target) ? `${REVIEW_FIELD_LABELS[c.target]}: ` : '';
        return (
          <li key={i} data-comment-on={c.target}>
            <Text size="sm" c="red.9">
              {number !== null ? (
                <>
                  <Text span fw={700}>
                    {number}
                  </Text>{' '}
                  <span className="visually-hidden">{regionInWords(c.region!)} of the image: </span>
                  {fact}
                </>
              ) : (
                <>
                  <Text span fw={700}>
                    Reviewer:
                  </Text>{' '}
                </>
              )}
              {c.text}
              <CommentReason reason={c.reason} />
            </Text>
          </li>
        );
      })}
    </ul>
  );
}
