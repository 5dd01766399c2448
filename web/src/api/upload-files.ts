import { ApiError } from './api-error.ts';
import { API_BASE, reportFailedStatus, type NotifyOption } from './api-fetch.ts';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Size of the whole request body (multipart framing included). */
  total: number;
}

export interface UploadOptions {
  /** The multipart field each file goes in (the spec's calls repeat 'files'). */
  field?: string;
  onProgress?: (progress: UploadProgress) => void;
  /** Form fields sent before the files. */
  fields?: Record<string, string>;
  notify?: NotifyOption;
  signal?: AbortSignal;
}

/**
 * POSTs files as multipart under /api with XMLHttpRequest, because fetch cannot report upload progress.
 * Resolves with the parsed JSON answer; rejects with ApiError, after the same generic handling as apiFetch.
 */
export function uploadFiles<T>(path: string, files: readonly File[], options: UploadOptions = {}): Promise<T> {
  const { field = 'files', onProgress, notify = true, signal, fields = {} } = options;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(field, file, file.name);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';

    const fail = (error: ApiError) => {
      reportFailedStatus(error.status, notify, error.serverMessage);
      reject(error);
    };

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as T);
        return;
      }
      const payload = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
      fail(
        new ApiError({
          status: xhr.status,
          statusText: xhr.statusText,
          code: str(payload.code),
          message: str(payload.message),
          fields: isStringMap(payload.fields) ? payload.fields : undefined,
        }),
      );
    };
    // No answer at all (offline, server gone, connection reset by a refused upload): like a server error.
    xhr.onerror = () => fail(new ApiError({ status: 0, statusText: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isStringMap(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');
}
