import type { ReactNode } from 'react';
import { Badge, Tooltip, type BadgeProps } from '@mantine/core';

/**
 * A badge whose short label needs its meaning: shown in a tooltip on hover and on focus (the badge takes the focus),
 * and part of its accessible name (visually hidden text), so that "Duplicate picture" and "Duplicate UPC" say what
 * each is about.
 */
export function ExplainedBadge({ help, children, ...badge }: BadgeProps & { help: string; children: ReactNode }) {
  return (
    <Tooltip label={help} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge {...badge} tabIndex={0} data-help={help}>
        {children}
        {/* A badge writes its label in capitals; the explanation is read as written. */}
        <span className="visually-hidden" style={{ textTransform: 'none' }}>
          {' '}
          ({help})
        </span>
      </Badge>
    </Tooltip>
  );
}
