import { builder } from '../../graphql/builder.ts';
import { authorize } from '../../lib/authorize.ts';
import { featureFlagPolicy } from './policy.ts';
import { enabledFlags } from './repository.ts';

builder.queryField('enabledFeatureFlags', (t) =>
  t.stringList({
    resolve: (_root, _args, { ctx }) => {
      authorize(featureFlagPolicy.viewEnabled());
      return enabledFlags(ctx.db);
    },
  }),
);
