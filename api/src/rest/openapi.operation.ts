// One documented REST operation as OpenAPI describes it: its path parameters, its body, the
// statuses every call of its kind can answer. The paths are listed in openapi.paths-*.ts; the
// shapes are the routes' own zod schemas (*.schemas.ts).
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { Health } from './common.schemas';
import { SummaryType } from './campaigns.schemas';

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409 | 413 | 416 | 429 | 503;

interface OpSpec {
  summary: string;
  tag: string;
  ok: [Status, z.ZodType];
  /** Request body schema; absent for calls without a body. */
  body?: z.ZodType;
  /** The body is multipart/form-data (file uploads) rather than JSON. */
  multipart?: boolean;
  /** Error statuses beyond the ones every call of its kind can answer (401 signed out, 400/403/413 on POST). */
  errors?: Status[];
  signedIn?: boolean;
  /** False for a POST whose caller proves itself otherwise (Stripe's signature), so no 403 for a missing token. */
  csrf?: boolean;
  description?: string;
  /** Path parameters narrower than any string, by name. */
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  headers?: z.ZodObject;
}

export const ERROR_TEXT: Record<Exclude<Status, 200 | 201>, string> = {
  400: 'Invalid input, malformed JSON, a body nested more than 32 deep, or a control character in the path or body (`field` names the input at fault)',
  401: 'Not signed in (or wrong credentials on login)',
  403:
    'CSRF token missing or invalid (CSRF_FAILED), or a read-only recipient or a read-scope API token tried to change ' +
    'something (FORBIDDEN)',
  404: 'Not found — the same answer for ids that do not exist and ids the caller may not see',
  409: 'Conflicts with the current state (see the message)',
  413: 'Request body too large',
  416: 'The Range asks for bytes past the end of the file; Content-Range gives its size (`bytes */<size>`)',
  429: 'Too many attempts; see Retry-After',
  503: 'A dependency is down',
};

export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

export function operation(method: 'get' | 'post', path: string, spec: OpSpec): RouteConfig {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
  const params = Object.fromEntries(
    names.map((name) => [name, spec.params?.[name] ?? (name === 'summaryType' ? SummaryType : z.string())]),
  );
  const signedIn = spec.signedIn ?? true;
  const statuses = new Set<Status>(spec.errors ?? []);
  if (signedIn) statuses.add(401);
  if (method === 'post') [400, 413, ...(spec.csrf === false ? [] : [403])].forEach((s) => statuses.add(s as Status));
  // A path segment holding a control character is refused at the edge (400) before any route reads it.
  if (names.length) [400, 404].forEach((s) => statuses.add(s as Status));
  const responses: RouteConfig['responses'] = { [spec.ok[0]]: { description: 'Success', content: json(spec.ok[1]) } };
  for (const status of [...statuses].sort()) {
    responses[status] =
      path === '/healthz'
        ? { description: ERROR_TEXT[503], content: json(Health) }
        : { $ref: `#/components/responses/E${status}` };
  }
  const body = spec.body && (spec.multipart ? { 'multipart/form-data': { schema: spec.body } } : json(spec.body));
  return {
    method,
    path,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    operationId: `${method}_${path.replace(/[^a-z_-]+/gi, '_').replace(/^_|_$/g, '')}`,
    request: {
      ...(names.length ? { params: z.object(params) } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(body ? { body: { required: true, content: body } } : {}),
    },
    security: signedIn ? [{ session: [], csrf: [] }, { bearer: [] }] : [],
    responses,
  };
}

export const get = (path: string, spec: OpSpec) => operation('get', path, spec);
export const post = (path: string, spec: OpSpec) => operation('post', path, spec);
export const ok = (schema: z.ZodType): [Status, z.ZodType] => [200, schema];
