/**
 * npm run bench: every benchmark (or some: `npm run bench -- web activity`), each reporting ratios against a baseline measured in the same run.
 * Results are printed and written to bench/results/*.md.
 */
import { runBarcodeBench } from './barcodes.ts';
import { runUploadBench } from './upload.ts';
import { runActivityBench } from './activity.ts';
import { runLoadBench } from './load.ts';
import { writePerformanceReport } from './support/report.ts';
import { runIngestionBench } from './ingestion.ts';
import { runHostileBench } from './hostile.ts';
import { runWebBench } from './web.ts';
import { runPhotoChecksBench } from './photo-checks.ts';
import { runIntakeLatencyBench } from './intake-latency.ts';
import { runFaultsBench } from './faults.ts';
import { runOutageBench } from './outage.ts';
import { runScaleBench } from './scale.ts';
import { runCountsDriftBench } from './counts-drift.ts';
import { runReadinessBench } from './readiness.ts';
import { runReviewBench } from './review.ts';
import { runClaimsBench } from './claims.ts';
import { runSearchBench } from './search.ts';
import { runFactsBench } from './facts.ts';
import { runSheetMappingBench, runSheetsBench } from './sheets.ts';
import { closeMediaPool } from '../server/src/media/media-pool.ts';

const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);
let failed = false;

if (wanted('upload')) {
  console.log('\n## Upload\n');
  const upload = await runUploadBench();
  if (upload.ratio < 0.6 || upload.portal.growthMb >= 64) failed = true;
}
if (wanted('barcodes')) {
  console.log('\n## Barcode reading\n');
  const barcodes = await runBarcodeBench();
  if (!barcodes.ok) failed = true;
}
if (wanted('activity')) {
  console.log('\n## Activity list\n');
  const rows = await runActivityBench();
  if (rows.some((r) => r.database === 'PostgreSQL' && r.client === 'fetch' && r.ratio < 0.4)) failed = true;
}
if (wanted('ingestion')) {
  console.log('\n## Bulk ingestion\n');
  const ingestion = await runIngestionBench();
  if (ingestion.ratio < 0.7 || !ingestion.planUsesIndex) failed = true;
}
if (wanted('hostile')) {
  console.log('\n## Hostile files\n');
  const hostile = await runHostileBench();
  if (!hostile.ok) failed = true;
}
if (wanted('web')) {
  console.log('\n## Web app first load\n');
  const web = await runWebBench();
  if (web.failures.length > 0) failed = true;
}
if (wanted('sheets')) {
  console.log('\n## Supplier sheets\n');
  const sheets = await runSheetsBench();
  if (!sheets.ok) failed = true;
}
if (only.includes('sheet-mapping') && !only.includes('sheets')) {
  // The labelled layouts alone, without the 10,000-row sheet.
  console.log('\n## Supplier sheets: proposed column mapping\n');
  if (!runSheetMappingBench().ok) failed = true;
}
if (wanted('facts')) {
  console.log('\n## Product facts read from photos\n');
  const facts = await runFactsBench();
  if (!facts.ok) failed = true;
}
if (wanted('photo-checks')) {
  console.log('\n## Photo checks\n');
  const photoChecks = await runPhotoChecksBench();
  if (!photoChecks.ok) failed = true;
}
if (wanted('faults')) {
  console.log('\n## Fairness under a flood\n');
  const faults = await runFaultsBench();
  if (!faults.ok) failed = true;
} else if (only.includes('outage')) {
  // The second half of `faults` alone.
  console.log('\n## Outages under load\n');
  const outage = await runOutageBench();
  if (outage && !outage.ok) failed = true;
}
if (wanted('intake-latency')) {
  console.log('\n## Intake latency: results at once\n');
  const latency = await runIntakeLatencyBench();
  if (!latency.ok) failed = true;
}
if (wanted('readiness')) {
  console.log('\n## Readiness: recompute after a rule change, live score\n');
  const readiness = await runReadinessBench();
  if (!readiness.ok) failed = true;
}
if (wanted('review')) {
  console.log('\n## Review workspace: keys and time per decision\n');
  const review = await runReviewBench();
  if (!review.ok) failed = true;
}
if (wanted('claims')) {
  console.log('\n## Job claims against the due jobs\n');
  const claims = await runClaimsBench();
  if (!claims.ok) failed = true;
}
if (wanted('search')) {
  console.log('\n## Search box: typos, accents and UPCs\n');
  const searchResult = await runSearchBench();
  if (!searchResult.ok) failed = true;
}
if (only.includes('scale')) {
  // Minutes of seeding: run when asked for by name.
  console.log('\n## Cost against data size\n');
  const scale = await runScaleBench();
  if (!scale.ok) failed = true;
}
if (only.includes('counts-drift')) {
  // Half an hour of load: run when asked for by name.
  console.log('\n## Maintained counts under load\n');
  const drift = await runCountsDriftBench();
  if (!drift.ok) failed = true;
}
let loadResult;
if (wanted('load')) {
  console.log('\n## Load\n');
  loadResult = await runLoadBench();
  if (loadResult.total.errors > 0) failed = true;
}
await writePerformanceReport(loadResult);
await closeMediaPool();
if (failed) {
  console.error('\nA benchmark missed its target (see above).');
  process.exitCode = 1;
}
