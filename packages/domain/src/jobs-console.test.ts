import { describe, expect, it } from 'vitest';
import { jobsViewFromAddress } from './jobs-console.ts';
import { jobsListQuerySchema } from './jobs-console-schema.ts';

describe("the jobs console's address", () => {
  const addresses: Record<string, string>[] = [
    {},
    { state: 'queued' },
    { state: 'done', type: 'media.process', page: '3' },
    { type: '  media.process  ' },
    { type: '   ' },
    { type: '' },
    { type: 'x'.repeat(100) },
    { type: ` ${'x'.repeat(100)} ` },
    { type: 'x'.repeat(101) },
    { state: 'lost' },
    { state: '' },
    { page: '' },
    { page: '0' },
    { page: '-1' },
    { page: '1.5' },
    { page: ' 2 ' },
    { page: '1e2' },
    { page: 'two' },
    { page: '10000' },
    { page: '10001' },
    { page: '500' },
    { page: '501' },
    { page: '100', pageSize: '100' },
    { page: '101', pageSize: '100' },
    { pageSize: '0' },
    { pageSize: '101' },
    { state: 'running', other: 'ignored' },
  ];

  it.each(addresses)('is read without zod to what the server schema makes of it: %o', (address) => {
    const parsed = jobsListQuerySchema.safeParse(address);
    expect(jobsViewFromAddress(address)).toEqual(
      parsed.success ? { type: parsed.data.type, state: parsed.data.state, page: parsed.data.page } : null,
    );
  });
});
