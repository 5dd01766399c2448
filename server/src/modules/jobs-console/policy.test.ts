import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { jobsConsolePolicy } from './policy.ts';

const supplier = { scopes: [] };
const supplierWithOwnWrites = { scopes: [SCOPES.writeProductSubmissions] };
const readOnlyAdmin = { scopes: [SCOPES.readAllProductSubmissions] };
const fullAdmin = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };
const settingsReader = { scopes: [SCOPES.readPartnerConfigurations] };
const settingsAdmin = { scopes: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations] };
const jobsReader = { scopes: [SCOPES.readJobs] };
const jobsOperator = { scopes: [SCOPES.readJobs, SCOPES.writeJobs] };
const jobsWriterOnly = { scopes: [SCOPES.writeJobs] };
const everything = { scopes: [...ALL_SCOPES] };

describe('jobs console policy', () => {
  it('the console is seen by jobs readers, settings readers and administrators; never by suppliers', () => {
    for (const user of [
      jobsReader,
      jobsOperator,
      settingsReader,
      settingsAdmin,
      readOnlyAdmin,
      fullAdmin,
      everything,
    ]) {
      expect(jobsConsolePolicy.view(user)).toBe(true);
    }
    for (const user of [supplier, supplierWithOwnWrites, jobsWriterOnly])
      expect(jobsConsolePolicy.view(user)).toBe(false);
  });

  it('retry and discard need both jobs scopes or both settings scopes: read-only administrators and suppliers cannot act', () => {
    for (const user of [jobsOperator, settingsAdmin, everything]) expect(jobsConsolePolicy.act(user)).toBe(true);
    for (const user of [
      supplier,
      supplierWithOwnWrites,
      readOnlyAdmin,
      fullAdmin,
      settingsReader,
      jobsReader,
      jobsWriterOnly,
    ]) {
      expect(jobsConsolePolicy.act(user)).toBe(false);
    }
  });
});
