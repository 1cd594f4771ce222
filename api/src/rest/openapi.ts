import { importBodies } from './openapi.imports';
import { ERROR_TEXT, json, schemaRef } from './openapi.operation';
import { ACCOUNT_OPERATIONS } from './openapi.paths-accounts';
import { SESSION_OPERATIONS } from './openapi.paths-sessions';
import { recordingBodies, recordingSchemas } from './openapi.recordings';
import { bodies, schemas } from './openapi.schemas';

/**
 * The OpenAPI 3.1 description of every REST shim (spec section 7), served at GET /openapi.json.
 * It is code, not a file, so it shares enums with the api; openapi.test.ts keeps it true by checking
 * real responses of every operation against it.
 */

function buildDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, method, op] of [...ACCOUNT_OPERATIONS, ...SESSION_OPERATIONS]) (paths[path] ??= {})[method] = op;
  const responses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => [
      `E${status}`,
      { description, content: json(schemaRef('Error')) },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Questlog REST API',
      version: '1.0.0',
      description:
        'The REST shims of the product spec (section 7). GraphQL at /graphql is the primary API; see docs/*-contract.md.',
    },
    paths,
    components: {
      schemas: {
        ...schemas,
        ...recordingSchemas,
        ...Object.fromEntries(
          Object.entries({ ...bodies, ...recordingBodies, ...importBodies }).map(([k, v]) => [`${k}Body`, v]),
        ),
      },
      responses,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'questlog_session' },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRFToken',
          description: 'From GET /get-csrf-token/; on every POST',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'Personal API token (qlt_…); no CSRF token needed' },
      },
    },
  };
}

/** The document, built once. */
export const openApiDocument = buildDocument();
