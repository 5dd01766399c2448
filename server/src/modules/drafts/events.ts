import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { draftViewSchema, DRAFT_EVENT_STREAMS_PER_USER_MAX, DRAFT_EVENTS_MSG } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { CHANNELS } from '../../db/notifications.ts';
import { HttpError } from '../../lib/errors.ts';
import { onSessionsEnded, sessionStillValid } from '../../lib/session-store.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { exampleOf } from '../../lib/openapi-examples.ts';
import { requireUser } from '../users/current-user.ts';
import type { UserRow } from '../users/repository.ts';
import { apiTokenStillValid } from '../api-tokens/repository.ts';
import { presentDraft } from './presenter.ts';
import { visibleDraft } from './service.ts';

/**
 * A comment line this often keeps proxies and the idle-connection timeout from closing a quiet stream (15 s). A
 * setting of the process, not a constant, so that a test of what a heartbeat does need not wait out the real one.
 */
export const streamTiming = { heartbeatMs: 15_000 };
/** How long the browser waits before it reconnects a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 3000;

const idParams = z.object({ id: z.string().max(64) });
const eventStream = z
  .string()
  .describe(
    "Server-sent events. `file`: one of the draft's files as GET answers it (detectedUpcs, detectedFrom, detectionStatus, " +
      'qualityIssues, thumbnailReady...), sent for every file at connection and again for a file each time its thumbnail ' +
      'or barcode reading finishes. `gone`: the draft was submitted or deleted; the stream ends. Comment lines are heartbeats. ' +
      'The stream also ends when the session (or API token) it was opened with ends: signed out, expired, revoked. ' +
      `A user holds at most ${DRAFT_EVENT_STREAMS_PER_USER_MAX} open at once on one server (429 TOO_MANY_STREAMS).`,
  )
  .meta({
    examples: [
      `event: file\ndata: ${JSON.stringify(exampleOf(draftViewSchema.shape.files.element, 'output').value)}\n\n` +
        ': heartbeat\n\nevent: gone\ndata: {}\n\n',
    ],
  });

/** What a stream was opened with: a sign-in session, or an API token. Either may end while the stream is open. */
type Credential = { userId: number } & ({ sid: string } | { tokenId: number });

/** Whether the session or token is still good: there, not expired, not revoked, its user not disabled. */
const stillSignedIn = (ctx: AppContext, credential: Credential): Promise<boolean> =>
  'sid' in credential
    ? sessionStillValid(ctx.db, credential.sid, credential.userId)
    : apiTokenStillValid(ctx.db, credential.tokenId);

const credentialOf = (request: FastifyRequest, user: UserRow): Credential =>
  request.apiToken
    ? { userId: user.id, tokenId: request.apiToken.id }
    : { userId: user.id, sid: request.session.sessionId };

/** One open stream: the draft it follows, and how to tell it of a changed file, or of a reason to send everything again. */
interface Subscriber {
  draftId: string;
  credential: Credential;
  /** Ends the stream unless its session or token is still good. */
  checkSignedIn(): void;
  fileChanged(fileId: string): void;
  resync(): void;
  end(): void;
}

/**
 * GET /api/draftSubmissions/:id/events: each file's result pushed to Enter UPC(s) the moment the media job stores
 * it. Fed by the draft_file_changed trigger's notification (LISTEN/NOTIFY, so a job run by another process on the
 * same PostgreSQL is heard too); after the listening connection drops and comes back, every stream sends its draft
 * again, so nothing is lost.
 */
export async function draftEventRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const subscribers = new Set<Subscriber>();
  let unsubscribe: (() => void)[] = [];
  /** Open streams per user, for the cap. */
  const openOf = new Map<number, number>();
  // A sign-out here ends its streams at once (another instance's is found by the check at each heartbeat).
  const stopHearing = onSessionsEnded((ended) => {
    for (const s of subscribers)
      if (
        'sid' in ended ? 'sid' in s.credential && s.credential.sid === ended.sid : s.credential.userId === ended.userId
      )
        s.checkSignedIn();
  });
  app.addHook('onClose', async () => stopHearing());

  const follow = (subscriber: Subscriber) => {
    if (!subscribers.size) {
      const notifications = ctx.database.notifications;
      unsubscribe = [
        notifications.subscribe(CHANNELS.draftFile, (payload) => {
          const [draftId, fileId] = payload.split(' ');
          for (const s of subscribers) if (s.draftId === draftId) s.fileChanged(fileId);
        }),
        notifications.onReconnect(() => subscribers.forEach((s) => s.resync())),
      ];
    }
    subscribers.add(subscriber);
  };
  const unfollow = (subscriber: Subscriber) => {
    subscribers.delete(subscriber);
    if (!subscribers.size) for (const u of unsubscribe.splice(0)) u();
  };
  // Open streams never end by themselves: closing the server ends them, or it would wait for them for ever.
  app.addHook('preClose', async () => {
    for (const s of [...subscribers]) s.end();
  });

  app.get(
    '/api/draftSubmissions/:id/events',
    {
      schema: routeSchema({
        summary: "A draft's file results as they are known (server-sent events)",
        tags: ['Drafts'],
        params: idParams,
        responses: { 200: { 'text/event-stream': eventStream } },
        errors: [400, 401, 404, 429, 503],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      await visibleDraft(ctx, user, id);
      if (!ctx.config.instantResults)
        throw new HttpError(
          503,
          'UNAVAILABLE',
          'Results are not pushed on this server (INSTANT_RESULTS=off): read the draft again instead.',
        );

      const open = openOf.get(user.id) ?? 0;
      if (open >= DRAFT_EVENT_STREAMS_PER_USER_MAX)
        throw new HttpError(429, 'TOO_MANY_STREAMS', DRAFT_EVENTS_MSG.tooMany(DRAFT_EVENT_STREAMS_PER_USER_MAX));
      openOf.set(user.id, open + 1);

      const stream = new PassThrough();
      const subscriber = openStream(stream, id, user, credentialOf(request, user), () => {
        clearInterval(heartbeat);
        unfollow(subscriber);
        const left = (openOf.get(user.id) ?? 1) - 1;
        if (left > 0) openOf.set(user.id, left);
        else openOf.delete(user.id);
      });
      // Each heartbeat also checks the session or token, so one ended elsewhere (another instance, expiry) ends it.
      const heartbeat = setInterval(() => {
        stream.write(': heartbeat\n\n');
        subscriber.checkSignedIn();
      }, streamTiming.heartbeatMs);
      follow(subscriber);
      request.raw.once('close', () => subscriber.end());
      subscriber.resync();
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  );

  /** The stream's events, in order: each answer read from the database after the notification that asked for it. */
  function openStream(
    stream: PassThrough,
    draftId: string,
    user: UserRow,
    credential: Credential,
    onEnd: () => void,
  ): Subscriber {
    let ended = false;
    // The first answer waits (a little) for the listening connection: a result stored before it listens is in that answer.
    let queue: Promise<unknown> = Promise.race([ctx.database.notifications.ready(), delay(1000)]);
    const write = (event: string, data: unknown) => {
      if (!ended) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    /** Sends the files (all, or one); a draft no longer visible (submitted, deleted) ends the stream. */
    const send = (fileId: string | null) => {
      queue = queue.then(async () => {
        if (ended) return;
        try {
          const draft = await visibleDraft(ctx, user, draftId);
          const files = presentDraft(draft, user).files;
          draft.files.forEach((f, i) => {
            if (fileId === null || f.id === fileId) write('file', files[i]);
          });
        } catch (err) {
          if (err instanceof HttpError && err.status === 404) {
            write('gone', {});
            subscriber.end();
          } else {
            ctx.log.warn({ err, draftId }, 'draft event not sent');
          }
        }
      });
    };
    const subscriber: Subscriber = {
      draftId,
      credential,
      // In the stream's queue, so no file is sent after the check that found the session gone.
      checkSignedIn: () => {
        queue = queue.then(async () => {
          if (ended) return;
          try {
            if (!(await stillSignedIn(ctx, credential))) subscriber.end();
          } catch (err) {
            ctx.log.warn({ err, draftId }, 'draft event stream: sign-in not checked');
          }
        });
      },
      fileChanged: (fileId) => send(fileId),
      resync: () => send(null),
      end() {
        if (ended) return;
        ended = true;
        onEnd();
        stream.end();
      },
    };
    stream.write(`retry: ${RECONNECT_MS}\n\n`);
    return subscriber;
  }
}
