import { sql, type AnyColumn } from 'drizzle-orm';
import type { FactField } from '@portal/domain';

/**
 * The fields a file's facts readings name, without their values and regions: what a photo's proposed roles read
 * (a panel read, the ingredients read), at a fraction of the readings' size.
 */
export const readFieldsOf = (readings: AnyColumn) =>
  sql<{ field: FactField }[]>`(select coalesce(jsonb_agg(jsonb_build_object('field', r->'field')), '[]'::jsonb)
    from jsonb_array_elements(${readings}) r)`;
