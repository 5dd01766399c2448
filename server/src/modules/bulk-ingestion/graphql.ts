import { builder } from '../../graphql/builder.ts';
import { requireUser } from '../users/current-user.ts';
import { authorize } from '../../lib/authorize.ts';
import { bulkIngestionPolicy } from './policy.ts';
import { createOrganization, listOrganizations } from './service.ts';

interface OrganizationView {
  id: number;
  companyId: number;
  companyName: string;
  folderName: string;
  imageSource: string;
}

const BulkIngestionOrganizationRef = builder.objectRef<OrganizationView>('BulkIngestionOrganization').implement({
  description: 'A company granted bulk ingestion, with its source (part 2 section 3).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyId: t.exposeInt('companyId'),
    companyName: t.exposeString('companyName'),
    folderName: t.exposeString('folderName'),
    imageSource: t.exposeString('imageSource'),
  }),
});

const BulkIngestionOrganizationInput = builder.inputType('BulkIngestionOrganizationInput', {
  description: 'The access form: the company, and the folder name and image source (normalised by the server too).',
  fields: (t) => ({
    companyId: t.int({ required: true }),
    folderName: t.string({ required: true }),
    imageSource: t.string({ required: true }),
  }),
});

builder.queryField('bulkIngestionOrganizations', (t) =>
  t.field({
    type: [BulkIngestionOrganizationRef],
    description: 'Every company with bulk ingestion access (full administrators).',
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(bulkIngestionPolicy.manageAccess(await requireUser(request)));
      return listOrganizations(ctx);
    },
  }),
);

builder.mutationField('createBulkIngestionOrganization', (t) =>
  t.field({
    type: BulkIngestionOrganizationRef,
    args: { input: t.arg({ type: BulkIngestionOrganizationInput, required: true }) },
    resolve: async (_root, { input }, { request, ctx }) => {
      const user = await requireUser(request);
      authorize(bulkIngestionPolicy.manageAccess(user));
      return createOrganization(ctx, user, input);
    },
  }),
);
