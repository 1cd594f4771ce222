import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the web client from the schema the api emits. Follows Apollo Client's
 * guidance for the client preset: no codegen fragment masking (Apollo does its own), `unknown`
 * for unmapped scalars, and __typename always present because Apollo adds it to every selection.
 */
const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        avoidOptionals: { field: true, inputValue: false },
        defaultScalarType: 'unknown',
        nonOptionalTypename: true,
        skipTypeNameForRoot: true,
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string', Date: 'string' },
      },
    },
  },
};

export default config;
