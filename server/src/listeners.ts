import { subscribeBulkIngestion } from './modules/bulk-ingestion/listeners.ts';
import { ingestionEvents } from './modules/bulk-ingestion/events.ts';
import { repairCatalogueDaily, subscribeCatalogue } from './modules/catalogue/listeners.ts';
import { subscribeReadiness } from './modules/readiness/listeners.ts';
import { subscribeReviewVersions } from './modules/review/compare.ts';
import { subscribeShippingProfiles } from './modules/shipping-profiles/listeners.ts';
import { submissionEvents } from './modules/submissions/events.ts';
import { subscribeWebhooks } from './modules/webhooks/listeners.ts';

let subscribed = false;

/**
 * Every listener of the submission lifecycle's events (modules/submissions/events.ts) and bulk ingestion's
 * (modules/bulk-ingestion/events.ts), subscribed once per process at start (createContext; a script or test that
 * writes submissions without a context calls this first), before any request or job can emit. The features that
 * keep something of each submission (its product's shipping profile, its readiness, the company catalogue, the
 * webhooks and change feed) follow the lifecycle this way, so the lifecycle imports none of them. A new listener is
 * one more line here; it runs inside the transaction of the change and enqueues a job for anything outside the
 * database.
 */
export function subscribeListeners() {
  if (subscribed) return;
  subscribed = true;
  subscribeShippingProfiles(submissionEvents);
  subscribeReadiness(submissionEvents);
  subscribeCatalogue(submissionEvents);
  repairCatalogueDaily();
  subscribeBulkIngestion(submissionEvents);
  subscribeWebhooks(submissionEvents, ingestionEvents);
  subscribeReviewVersions(submissionEvents);
}
