import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from './common.schemas';
import { ERROR_TEXT } from './openapi.operation';
import { ACCOUNT_OPERATIONS } from './openapi.paths-accounts';
import { SESSION_OPERATIONS } from './openapi.paths-sessions';

/**
 * The OpenAPI 3.1 description of every REST shim (docs/product.md#rest-endpoints), served at GET /openapi.json.
 * Generated from the zod schemas the routes read their input through (*.schemas.ts), so it shares
 * shapes and enums with the api; openapi.test.ts keeps it true by checking real responses of every
 * operation against it.
 */

function buildDocument() {
  const registry = new OpenAPIRegistry();
  for (const [status, description] of Object.entries(ERROR_TEXT)) {
    const content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
    registry.registerComponent('responses', `E${status}`, { description, content });
  }
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'questlog_session' });
  registry.registerComponent('securitySchemes', 'csrf', {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRFToken',
    description: 'From GET /get-csrf-token/; on every POST',
  });
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Personal API token (qlt_…); no CSRF token needed',
  });
  for (const route of [...ACCOUNT_OPERATIONS, ...SESSION_OPERATIONS]) registry.registerPath(route);
  // Error is listed by hand: only the error responses above refer to it, by $ref, and no route does.
  const definitions = [...registry.definitions, { type: 'schema' as const, schema: ErrorBody }];
  return new OpenApiGeneratorV31(definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Questlog REST API',
      version: '1.0.0',
      description:
        'The REST shims kept for older clients (docs/product.md#rest-endpoints). GraphQL at /graphql is the primary API; see docs/*-contract.md.',
    },
  });
}

/** The document, built once. */
export const openApiDocument = buildDocument();
