import type { PhotoIssue } from '@portal/domain';
import { builder } from '../../graphql/builder.ts';

/** One photo check a file failed (issue 20), as draft files and submission files expose them. */
export const PhotoIssueRef = builder.objectRef<PhotoIssue>('PhotoIssue').implement({
  description:
    'A photo check the file failed. code: LOW_RESOLUTION, BLURRY, TOO_DARK, OVEREXPOSED, DUPLICATE, PLACEHOLDER_CODE or CODE_UNREADABLE; message: what is wrong and how to fix it, in one line.',
  fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
});
