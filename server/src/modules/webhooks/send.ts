import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@portal/domain';
import type { WebhookAttemptOutcome } from '../../context.ts';
import type { CheckedTarget } from './address-guard.ts';

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

/** The message of an attempt that had no answer within its limit (its class in the metrics is `timeout`). */
export const noAnswerWithin = (timeoutMs: number) => `No answer within ${timeoutMs / 1000} s`;

/** What came of an attempt, for the metrics: the answer's status class, or why there was none. */
export function attemptClass(outcome: AttemptOutcome, refused: boolean): WebhookAttemptOutcome {
  if (outcome.statusCode !== null) {
    const hundreds = Math.floor(outcome.statusCode / 100);
    return hundreds === 2 ? '2xx' : hundreds === 3 ? '3xx' : hundreds === 4 ? '4xx' : '5xx';
  }
  if (refused) return 'refused';
  return outcome.error?.startsWith('No answer within') ? 'timeout' : 'network';
}

/** Past this much of an answer we stop reading: the log keeps 1 KB, the rest is the receiver's business. */
const READ_AT_MOST = 64 * 1024;

/**
 * One POST of a delivery to the address that was checked (the socket never does a DNS lookup of its own, so the
 * host cannot resolve elsewhere in between); TLS still checks the certificate against the URL's host name.
 * Redirects are not followed (a 3xx is a failed attempt). Never throws: the outcome says what happened.
 */
export function postOnce(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ProductHub-Webhooks/1',
          ...headers,
          'content-length': Buffer.byteLength(body),
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks)
            .subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES)
            .toString('utf8')
            .replace(/\uFFFD+$/, '');
          const ok = response.statusCode! >= 200 && response.statusCode! < 300;
          finish({
            statusCode: response.statusCode!,
            error: ok ? null : `HTTP ${response.statusCode}`,
            responseExcerpt: text || null,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_AT_MOST) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: noAnswerWithin(timeoutMs), responseExcerpt: null });
      request.destroy();
    }, timeoutMs);
    request.on('error', (err) =>
      finish({ statusCode: null, error: err.message || String(err), responseExcerpt: null }),
    );
    request.end(body);
  });
}
