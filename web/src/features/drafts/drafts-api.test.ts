import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { intakeRulesFor } from '@portal/domain';
import {
  MAX_POLLS as MAX_DRAFT_POLLS,
  POLL_MS as DRAFT_POLL_MS,
  POLL_WHILE_LIVE_MS as DRAFT_POLL_WHILE_LIVE_MS,
} from '../../api/polling.ts';
import {
  draftPollInterval,
  fieldRulesFromConfiguration,
  intakeKeys,
  mergeDraftFile,
  mergePushedFile,
  readSubmissionIds,
  stillProcessing,
  storeSubmissionIds,
  SUBMISSION_IDS_KEY,
  type Draft,
} from './drafts-api.ts';

describe('intake api helpers', () => {
  afterEach(() => localStorage.clear());

  it('reads the field rules the partner configuration answers flat', () => {
    const config = {
      id: 1,
      companyId: 30443,
      companyName: 'FRESH MARKET GROCERS',
      primaryColor: '#2e7d32',
      landingPageEnabled: true,
      productName: { required: true },
      shippingProfile: { required: false, visible: true },
    };
    const rules = fieldRulesFromConfiguration(config);
    expect(rules).toEqual({ productName: { required: true }, shippingProfile: { required: false, visible: true } });
    expect(intakeRulesFor(rules)).toEqual({
      productNameRequired: true,
      shippingProfileRequired: false,
      primaryImageRequired: true,
    });
  });

  it('keeps the created submission ids under product-submission-ids', () => {
    storeSubmissionIds(['a', 'b']);
    expect(localStorage.getItem(SUBMISSION_IDS_KEY)).toBe('["a","b"]');
    expect(readSubmissionIds()).toEqual(['a', 'b']);
    localStorage.setItem(SUBMISSION_IDS_KEY, 'not json');
    expect(readSubmissionIds()).toEqual([]);
  });

  it('polls while a barcode is being read or a thumbnail made', () => {
    const file = { detectionStatus: 'done', thumbnailReady: true };
    expect(stillProcessing({ files: [file] as never })).toBe(false);
    expect(stillProcessing({ files: [{ ...file, detectionStatus: 'pending' }] as never })).toBe(true);
    expect(stillProcessing({ files: [{ ...file, thumbnailReady: false }] as never })).toBe(true);
    expect(stillProcessing(undefined)).toBe(false);
  });

  it('polls every 1.5 s while a file is processed, every 15 s only while results are pushed, and not once all are done', () => {
    const pending = { files: [{ detectionStatus: 'pending', thumbnailReady: true }] } as never;
    const done = { files: [{ detectionStatus: 'done', thumbnailReady: true }] } as never;
    expect(draftPollInterval(pending, 1, false)).toBe(DRAFT_POLL_MS);
    expect(draftPollInterval(pending, 1, true)).toBe(DRAFT_POLL_WHILE_LIVE_MS);
    expect(draftPollInterval(done, 1, true)).toBe(false);
    expect(draftPollInterval(pending, MAX_DRAFT_POLLS, false)).toBe(false);
  });

  it("lays a pushed file's result over the draft's file, taking only the fields the page asked for", () => {
    const file = {
      __typename: 'DraftFile',
      fileName: 'a.jpg',
      upc: null,
      detectedUpc: null,
      detectedUpcs: [],
      detectionStatus: 'pending',
      qualityIssues: [],
    };
    const other = { ...file, fileName: 'b.jpg' };
    const draft = { id: 'd1', files: [file, other] } as unknown as Draft;
    const pushed = {
      fileName: 'a.jpg',
      detectedUpc: '0036000291452',
      detectedUpcs: ['0036000291452'],
      detectionStatus: 'done',
      detectedFrom: 'bars',
      qualityIssues: [{ code: 'BLURRY', message: 'Blurry' }],
    };
    const merged = mergeDraftFile(draft, pushed)!;
    expect(merged.files[0]).toEqual({
      ...file,
      detectedUpc: '0036000291452',
      detectedUpcs: ['0036000291452'],
      detectionStatus: 'done',
      qualityIssues: pushed.qualityIssues,
    });
    expect(merged.files[1]).toBe(other);
    expect(mergeDraftFile(draft, { ...pushed, fileName: 'added-elsewhere.jpg' })).toBeNull();
  });

  it("a push that arrives before the draft's first answer does not cancel it: the page never stays loading, and the draft is asked for again", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((draft: Draft) => void)[] = [];
    const queryFn = () => new Promise<Draft>((resolve) => answers.push(resolve));
    const observer = new QueryObserver(queryClient, { queryKey: intakeKeys.draft('d1'), queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers).toHaveLength(1);
    // The stream's first events (one per file) arrive while the first answer is awaited.
    const pushes = [
      mergePushedFile(queryClient, 'd1', { fileName: 'a.jpg' }),
      mergePushedFile(queryClient, 'd1', { fileName: 'b.jpg' }),
    ];
    const draft = { id: 'd1', files: [] } as unknown as Draft;
    answers[0](draft);
    await new Promise((r) => setTimeout(r, 0));
    expect(observer.getCurrentResult().data).toEqual(draft);
    // Asked once more, for what the pushes said; not once per push.
    expect(answers).toHaveLength(2);
    answers[1](draft);
    await Promise.all(pushes);
    expect(observer.getCurrentResult().status).toBe('success');
    unsubscribe();
  });
});
