import SchemaBuilder from '@pothos/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

export interface GraphQLContext {
  request: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
}

/** Code-first schema: each area adds its types and fields to this builder from its own graphql.ts. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: { DateTime: { Input: string; Output: Date | string } };
}>({ defaultFieldNullability: false });

builder.scalarType('DateTime', {
  serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
  parseValue: (v) => String(v),
});

builder.queryType({});
builder.mutationType({});
