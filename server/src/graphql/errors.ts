import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLEnumType, type GraphQLSchema } from 'graphql';
import mercurius, { type MercuriusOptions } from 'mercurius';
import { ZodError } from 'zod';
import { MSG } from '@portal/domain';
import { DEPENDENCY_RETRY_AFTER_SECONDS, dependencyUnavailable, HttpError, zodFields } from '../lib/errors.ts';
import { isDependencyUnavailable } from '../lib/dependency-errors.ts';
import { QueryRefused, withoutSuggestions } from './guard.ts';

type Formatter = NonNullable<MercuriusOptions['errorFormatter']>;

/**
 * GraphQL errors carry the same code and fields as REST errors (extensions.code, extensions.fields);
 * anything unexpected is logged and leaves as a generic error with the request id.
 */
export const graphqlErrorFormatter =
  (app: FastifyInstance): Formatter =>
  (execution, context) => {
    let requestStatus: number | undefined;
    const errors = (execution.errors ?? []).flatMap((err) => {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the rule sees mercurius' widened type; tsc needs the cast
      const original = err.originalError as
        | (Error & { statusCode?: number; errors?: readonly GraphQLError[] })
        | undefined;
      const withExtensions = (message: string, extensions: Record<string, unknown>) =>
        new GraphQLError(message, {
          nodes: err.nodes,
          source: err.source,
          positions: err.positions,
          path: err.path,
          extensions,
        });
      if (original && !(original instanceof HttpError) && isDependencyUnavailable(original)) {
        requestStatus ??= 503;
        context.reply?.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
        const unavailable = dependencyUnavailable();
        return withExtensions(unavailable.message, { code: unavailable.code, status: 503 });
      }
      if (original instanceof HttpError) {
        return withExtensions(original.message, {
          code: original.code,
          status: original.status,
          ...(original.extra.fields && { fields: original.extra.fields }),
        });
      }
      if (original instanceof ZodError) {
        const fields = zodFields(original);
        return withExtensions(Object.values(fields)[0] ?? 'Invalid input.', {
          code: 'VALIDATION_FAILED',
          status: 400,
          fields,
        });
      }
      // The request itself is bad (a query over the depth or size limits, a body too large, empty or not JSON):
      // mercurius and Fastify say so with a 4xx status; the answer keeps it, with their messages.
      if (original && typeof original.statusCode === 'number' && original.statusCode < 500) {
        requestStatus ??= original.statusCode;
        const status = original.statusCode;
        const inner = original.errors?.length ? original.errors : [err];
        return inner.map(
          (e) =>
            new GraphQLError(e.message || original.message, {
              nodes: e.nodes,
              source: e.source,
              positions: e.positions,
              extensions: { code: original instanceof QueryRefused ? original.code : 'BAD_REQUEST', status },
            }),
        );
      }
      if (original && !(original instanceof GraphQLError)) {
        const requestId = context.reply?.request.id;
        app.log.error({ err: original, requestId }, 'GraphQL resolver failed');
        return withExtensions(`${MSG.serverError} (ref ${requestId})`, { code: 'INTERNAL', status: 500 });
      }
      return err; // syntax and validation errors of the query itself
    });
    const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, context);
    const response = formatted.response as { errors?: { message: string }[] };
    // Hints that name other fields and types are part of the schema: only for those who may read it. The values of an
    // enum the request gave a wrong one for are named to everyone: they are what the argument it sent accepts.
    const open = Boolean(context.reply?.request.graphqlSchemaOpen);
    response.errors = response.errors?.map((e) => ({
      ...e,
      message: withAllowedValues(open ? e.message : withoutSuggestions(e.message), app.graphql.schema),
    }));
    return requestStatus && !execution.data ? { ...formatted, statusCode: requestStatus } : formatted;
  };

/**
 * The messages for a value an enum does not have: graphql-js's for a literal or a variable, graphql-jit's for a
 * variable of a compiled query ("Expected type DecisionStatus."). One group is the type's name.
 */
const NOT_IN_ENUM = /does not exist in "(\w+)" enum|Enum "(\w+)" cannot represent|Expected type "?(\w+)"?[.;]/;

/**
 * A message about a value an enum does not have, with the values it has: `Value "DONE" does not exist in
 * "DecisionStatus" enum. Allowed values: ACCEPTED, ADMIN_REJECTED.` Other messages are returned as they are.
 */
export function withAllowedValues(message: string, schema: GraphQLSchema | undefined): string {
  const match = NOT_IN_ENUM.exec(message);
  const type = match && schema?.getType(match[1] ?? match[2] ?? match[3]);
  // By its tag, not instanceof: the schema's graphql-js may be the CommonJS copy and this module's the ES one.
  if (!type || Object.prototype.toString.call(type) !== '[object GraphQLEnumType]') return message;
  return `${message} Allowed values: ${(type as GraphQLEnumType)
    .getValues()
    .map((v) => v.name)
    .join(', ')}.`;
}
