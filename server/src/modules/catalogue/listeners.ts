import { onDailyRepair } from '../submissions/counts-job.ts';
import type { submissionEvents } from '../submissions/events.ts';
import { refreshCompanyCatalogues, repairCompanyCatalogues, type CatalogueDrift } from './queries/membership.ts';

/**
 * Each company's catalogue follows its submissions, in the transaction of the change: the lifecycle emits the
 * products it moved after its count rows, so the catalogue's locks come after them in the one lock order
 * (submissions/counts.ts).
 */
export function subscribeCatalogue(events: typeof submissionEvents) {
  events.on('companyProductsChanged', async ({ products }, tx) => {
    await refreshCompanyCatalogues(tx, products);
  });
}

/** The daily repair of the counts compares every company's catalogue with its submissions and the products too. */
export function repairCatalogueDaily() {
  onDailyRepair({
    name: 'catalogueDrifts',
    run: async (db, log) =>
      (
        await repairCompanyCatalogues(db, (drift: CatalogueDrift) =>
          log.warn({ drift }, 'company catalogue drift repaired'),
        )
      ).length,
  });
}
