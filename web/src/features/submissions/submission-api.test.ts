import { describe, expect, it } from 'vitest';
import { MAX_POLLS as MAX_CHECKS_POLLS, POLL_MS as CHECKS_POLL_MS } from '../../api/polling.ts';
import { checksRunning, submissionPollInterval, type Submission } from './submission-api.ts';

const withFiles = (...statuses: string[]) =>
  ({ files: statuses.map((detectionStatus, i) => ({ fileName: `f${i}.jpg`, detectionStatus })) }) as Pick<
    Submission,
    'files'
  >;

describe("a submission's detail while its checks run", () => {
  it('is asked for again while a file is still read, and not once every file is done or failed', () => {
    expect(checksRunning(withFiles('done', 'pending'))).toBe(true);
    expect(submissionPollInterval(withFiles('done', 'pending'), 1)).toBe(CHECKS_POLL_MS);
    expect(submissionPollInterval(withFiles('done', 'failed'), 1)).toBe(false);
    expect(submissionPollInterval(withFiles(), 1)).toBe(false);
    expect(submissionPollInterval(undefined, 0)).toBe(false);
  });

  it('gives up after MAX_CHECKS_POLLS answers, so a file whose checks never end does not keep it going', () => {
    expect(submissionPollInterval(withFiles('pending'), MAX_CHECKS_POLLS - 1)).toBe(CHECKS_POLL_MS);
    expect(submissionPollInterval(withFiles('pending'), MAX_CHECKS_POLLS)).toBe(false);
  });
});
