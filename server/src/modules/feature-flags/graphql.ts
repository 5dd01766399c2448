import { builder } from '../../graphql/builder.ts';
import { enabledFlags } from './repository.ts';

builder.queryField('enabledFeatureFlags', (t) =>
  t.stringList({ resolve: (_root, _args, { ctx }) => enabledFlags(ctx.db) }),
);
