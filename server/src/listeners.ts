import { subscribeBulkIngestion } from './modules/bulk-ingestion/listeners.ts';
import { ingestionEvents } from './modules/bulk-ingestion/events.ts';
import { submissionEvents } from './modules/submissions/events.ts';
import { subscribeWebhooks } from './modules/webhooks/listeners.ts';

let subscribed = false;

/**
 * Every listener of the submission lifecycle's events (modules/submissions/events.ts) and bulk ingestion's
 * (modules/bulk-ingestion/events.ts), subscribed once per process
 * at start (createContext), before any request or job can emit. A new listener (webhooks, metrics, an audit trail)
 * is one more line here; it runs inside the transaction of the change and enqueues a job for anything outside the
 * database.
 */
export function subscribeListeners() {
  if (subscribed) return;
  subscribed = true;
  subscribeBulkIngestion(submissionEvents);
  subscribeWebhooks(submissionEvents, ingestionEvents);
}
