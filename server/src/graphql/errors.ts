import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import mercurius, { type MercuriusOptions } from 'mercurius';
import { ZodError } from 'zod';
import { MSG } from '@portal/domain';
import { HttpError, zodFields } from '../lib/errors.ts';

type Formatter = NonNullable<MercuriusOptions['errorFormatter']>;

/**
 * GraphQL errors carry the same code and fields as REST errors (extensions.code, extensions.fields);
 * anything unexpected is logged and leaves as a generic error with the request id.
 */
export const graphqlErrorFormatter = (app: FastifyInstance): Formatter => (execution, context) => {
  const errors = (execution.errors ?? []).map((err) => {
    const original = err.originalError;
    const withExtensions = (message: string, extensions: Record<string, unknown>) =>
      new GraphQLError(message, { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path, extensions });
    if (original instanceof HttpError) {
      return withExtensions(original.message, { code: original.code, status: original.status, ...(original.extra.fields && { fields: original.extra.fields }) });
    }
    if (original instanceof ZodError) {
      const fields = zodFields(original);
      return withExtensions(Object.values(fields)[0] ?? 'Invalid input.', { code: 'VALIDATION_FAILED', status: 400, fields });
    }
    if (original && !(original instanceof GraphQLError)) {
      const requestId = context.reply?.request.id;
      app.log.error({ err: original, requestId }, 'GraphQL resolver failed');
      return withExtensions(`${MSG.serverError} (ref ${requestId})`, { code: 'INTERNAL', status: 500 });
    }
    return err; // syntax and validation errors of the query itself
  });
  return mercurius.defaultErrorFormatter({ ...execution, errors }, context);
};
