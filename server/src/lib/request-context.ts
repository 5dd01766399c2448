import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request id (x-request-id, or the one Fastify made) of the work in progress: an HTTP request, or a job that
 * such a request enqueued. enqueue() stores it on the jobs it makes, and the worker runs each job inside the id it
 * was given, so one id follows an upload through its barcode job and automated checks (issue 19).
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | null => storage.getStore()?.requestId ?? null;

/** Runs fn with this id as the current one (null: none). */
export function withRequestId<T>(requestId: string | null, fn: () => T): T {
  return requestId ? storage.run({ requestId }, fn) : storage.exit(fn);
}

const resourceOf = Symbol('requestContextResource');
type WithResource = { [resourceOf]?: AsyncResource };

/**
 * Every request runs inside its id. The body is read from socket events outside that context, so the context is
 * entered again before validation (the way @fastify/request-context does it).
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ requestId: request.id }, () => {
      (request as WithResource)[resourceOf] = new AsyncResource('portal-request');
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as WithResource)[resourceOf];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
