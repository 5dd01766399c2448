import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/domain';
import { ApiError } from './api-error.ts';
import { apiErrorMessage, notAuthorized } from './api-events.ts';
import { uploadFiles } from './upload-files.ts';

/** Just enough of XMLHttpRequest to play a server's answer and upload progress. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadFiles', () => {
  afterEach(() => vi.unstubAllGlobals());
  const files = [
    new File(['aaa'], 'front.png', { type: 'image/png' }),
    new File(['bb'], 'side.png', { type: 'image/png' }),
  ];

  it('POSTs every file in the repeated "files" field under /api, reports progress, resolves with the JSON', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const result = uploadFiles<{ id: string }>('/draftSubmissions', files, { onProgress: progress });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/draftSubmissions']);
    expect((xhr.body!.getAll('files') as File[]).map((f) => f.name)).toEqual(['front.png', 'side.png']);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 10, total: 40 });
    expect(progress).toHaveBeenCalledWith({ loaded: 10, total: 40 });
    xhr.answer(201, { id: 'd1' });
    await expect(result).resolves.toEqual({ id: 'd1' });
  });

  it("rejects with the server's message; statuses the caller names say nothing in the banner", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const shown = vi.fn();
    const stop = apiErrorMessage.subscribe(shown);
    const result = uploadFiles('/draftSubmissions', files, { notify: { 400: null } });
    FakeXhr.last.answer(400, {
      code: 'BAD_REQUEST',
      message: 'notes.png: This file is not a PDF, JPG, PNG, GIF or TIF image.',
    });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('notes.png: This file is not a PDF, JPG, PNG, GIF or TIF image.');
    expect(shown).not.toHaveBeenCalled();
    stop();
  });

  it('an expired session gets the generic message and ends the session', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const shown = vi.fn();
    const ended = vi.fn();
    const stops = [apiErrorMessage.subscribe(shown), notAuthorized.subscribe(ended)];
    const result = uploadFiles('/draftSubmissions', files, { notify: { 400: null } });
    FakeXhr.last.answer(401, { code: 'UNAUTHORIZED', message: 'x' });
    await expect(result).rejects.toBeInstanceOf(ApiError);
    expect(shown).toHaveBeenCalledWith(MSG.sessionExpired);
    expect(ended).toHaveBeenCalledOnce();
    stops.forEach((stop) => stop());
  });
});
