import { forwardRef, useId, useState } from 'react';
import { Button, CloseButton, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useStockReasons } from './review-api.ts';
import {
  isCommentFact,
  reasonCodeChoices,
  REVIEW_COMMENT_ATTRIBUTES,
  REVIEW_COMMENT_FACTS,
  REVIEW_COMMENT_MSG,
  REVIEW_FIELD_LABELS,
  REVIEW_COMMENT_TEXT_MAX,
  REVIEW_COMMENTS_MAX,
  reviewCommentInputSchema,
  reviewCommentPlace,
  type ImageRegion,
  type ReviewCommentInput,
  type ReviewCommentTarget,
} from '@portal/domain';

/**
 * The reviewer's comments for the supplier, written before rejecting: each about the UPC, the product name, another
 * attribute of the proposal, the file on show or a region of it (marked on the image: a drag, or the arrows). They go
 * with the rejection (R) and the supplier sees each beside its field or on its image. Each may carry a reason code,
 * one of the partner's stock reasons' codes (optional: the server asks for none), which the supplier reads in words.
 * Checked with the schema the server checks them with.
 */
export const CommentComposer = forwardRef<
  HTMLTextAreaElement,
  {
    fileName: string | null;
    target: ReviewCommentTarget;
    onTarget: (target: ReviewCommentTarget) => void;
    region: ImageRegion | null;
    comments: readonly ReviewCommentInput[];
    onAdd: (comment: ReviewCommentInput) => void;
    onRemove: (index: number) => void;
    disabled: boolean;
    /** The item's partner, whose stock reasons' codes are offered. */
    partnerCompanyId: number | null;
  }
>(function CommentComposer(
  { fileName, target, onTarget, region, comments, onAdd, onRemove, disabled, partnerCompanyId },
  textRef,
) {
  const headingId = useId();
  const [text, setText] = useState('');
  const [reasonCode, setReasonCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codes = reasonCodeChoices(useStockReasons(partnerCompanyId).data ?? []);
  const add = () => {
    if (comments.length >= REVIEW_COMMENTS_MAX) return setError(REVIEW_COMMENT_MSG.tooMany);
    const parsed = reviewCommentInputSchema.safeParse({
      target,
      fileName,
      region,
      text,
      reasonCode: reasonCode || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? REVIEW_COMMENT_MSG.textRequired);
    onAdd(parsed.data);
    setText('');
    setReasonCode('');
    setError(null);
  };
  const options = [
    { value: 'upc', label: 'The UPC' },
    { value: 'productName', label: 'The product name' },
    ...(fileName
      ? [
          { value: 'file', label: `This file (${fileName})` },
          { value: 'region', label: `A region of this file (mark it on the image)` },
        ]
      : []),
    {
      group: 'Another attribute',
      items: REVIEW_COMMENT_ATTRIBUTES.map((f) => ({ value: f, label: REVIEW_FIELD_LABELS[f] })),
    },
    {
      group: 'A product fact',
      items: REVIEW_COMMENT_FACTS.map((f) => ({ value: f, label: REVIEW_FIELD_LABELS[f] })),
    },
  ];
  const onFact = isCommentFact(target);
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Comments for the supplier
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        They go with a rejection; the supplier sees each beside its field or on its image. C starts one.
      </Text>
      <Stack gap={6}>
        <NativeSelect
          label="About"
          size="xs"
          data={options}
          value={target}
          disabled={disabled}
          onChange={(e) => {
            onTarget(e.currentTarget.value as ReviewCommentTarget);
            setError(null);
          }}
        />
        {onFact && (
          <Text size="xs" c="dimmed">
            {region && fileName
              ? `Marked on ${fileName}: the supplier sees the mark on the photo and the comment beside the value.`
              : 'The supplier sees it beside the value. Drag on the image to mark where it is printed.'}
          </Text>
        )}
        {codes.length > 0 && (
          <NativeSelect
            label="Reason code"
            description="Optional, for reporting; the supplier reads the reason in words"
            size="xs"
            data={[
              { value: '', label: 'No reason code' },
              ...codes.map((c) => ({ value: c.code, label: `${c.code}: ${c.text}` })),
            ]}
            value={reasonCode}
            disabled={disabled}
            onChange={(e) => setReasonCode(e.currentTarget.value)}
          />
        )}
        <Textarea
          ref={textRef}
          label="Comment"
          description="Enter adds it; Shift+Enter for a new line"
          size="xs"
          autosize
          minRows={1}
          maxLength={REVIEW_COMMENT_TEXT_MAX}
          value={text}
          disabled={disabled}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              add();
            } else if (e.key === 'Escape') e.currentTarget.blur();
          }}
        />
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={add} disabled={disabled}>
            Add comment
          </Button>
        </Group>
        {comments.length > 0 && (
          <ul aria-label="Comments to send with the rejection" style={{ margin: 0, paddingLeft: '1.2em' }}>
            {comments.map((c, i) => (
              <li key={i}>
                <Group gap={4} wrap="nowrap" align="start">
                  <Text size="sm" style={{ flex: 1 }}>
                    <Text span fw={600}>
                      {reviewCommentPlace(c)}:
                    </Text>{' '}
                    {c.text}
                    {c.reasonCode && (
                      <Text span size="sm" fs="italic" data-reason-code={c.reasonCode}>
                        {' '}
                        ({reasonLabel(codes, c.reasonCode)})
                      </Text>
                    )}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={`Remove the comment on ${reviewCommentPlace(c)}`}
                    onClick={() => onRemove(i)}
                  />
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </section>
  );
});

/** A listed comment's reason code, with its words when the partner's stock reasons still carry it. */
const reasonLabel = (codes: readonly { code: string; text: string }[], code: string) => {
  const words = codes.find((c) => c.code === code)?.text;
  return words ? `${code}: ${words}` : code;
};
