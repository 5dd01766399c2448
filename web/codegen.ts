import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations from the committed server schema: write `graphql(`...`)` in a feature, run `npm run codegen`.
const config: CodegenConfig = {
  schema: '../server/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/api/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/api/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { documentMode: 'string', useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
  },
};
export default config;
