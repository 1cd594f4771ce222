// One documented REST operation as OpenAPI describes it: its path parameters, its body, the
// statuses every call of its kind can answer. The paths are listed in openapi.paths-*.ts.

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409 | 413 | 416 | 429 | 503;

interface OpSpec {
  summary: string;
  tag: string;
  ok: [Status, string];
  /** Request body schema name (bodies); absent for calls without a body. */
  body?: string;
  /** The body is multipart/form-data (file uploads) rather than JSON. */
  multipart?: boolean;
  /** Error statuses beyond the ones every call of its kind can answer (401 signed out, 400/403/413 on POST). */
  errors?: Status[];
  signedIn?: boolean;
  /** False for a POST whose caller proves itself otherwise (Stripe's signature), so no 403 for a missing token. */
  csrf?: boolean;
  description?: string;
}

export const ERROR_TEXT: Record<Exclude<Status, 200 | 201>, string> = {
  400: 'Invalid input, malformed JSON, or a control character in the path or body (`field` names the input at fault)',
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

export const json = (schema: unknown) => ({ 'application/json': { schema } });
export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export function operation(method: 'get' | 'post', path: string, spec: OpSpec) {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema:
      name === 'summaryType'
        ? { type: 'string', enum: ['briefSummary', 'moderateSummary', 'detailedSummary', 'fullTranscript'] }
        : { type: 'string' },
  }));
  const signedIn = spec.signedIn ?? true;
  const statuses = new Set<Status>(spec.errors ?? []);
  if (signedIn) statuses.add(401);
  if (method === 'post') [400, 413, ...(spec.csrf === false ? [] : [403])].forEach((s) => statuses.add(s as Status));
  // A path segment holding a control character is refused at the edge (400) before any route reads it.
  if (params.length) [400, 404].forEach((s) => statuses.add(s as Status));
  const responses: Record<string, unknown> = {
    [spec.ok[0]]: { description: 'Success', content: json(schemaRef(spec.ok[1])) },
  };
  for (const status of [...statuses].sort()) {
    responses[status] =
      path === '/healthz'
        ? { description: ERROR_TEXT[503], content: json(schemaRef('Health')) }
        : { $ref: `#/components/responses/E${status}` };
  }
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    operationId: `${method}_${path.replace(/[^a-z_-]+/gi, '_').replace(/^_|_$/g, '')}`,
    ...(params.length ? { parameters: params } : {}),
    ...(spec.body ? { requestBody: { required: true, content: requestContent(spec) } } : {}),
    ...(signedIn ? { security: [{ session: [], csrf: [] }, { bearer: [] }] } : { security: [] }),
    responses,
  };
}

function requestContent(spec: OpSpec) {
  const schema = schemaRef(`${spec.body}Body`);
  return spec.multipart ? { 'multipart/form-data': { schema } } : json(schema);
}

export const get = (path: string, spec: OpSpec) => [path, 'get', operation('get', path, spec)] as const;
export const post = (path: string, spec: OpSpec) => [path, 'post', operation('post', path, spec)] as const;
export const ok = (name = 'Success'): [Status, string] => [200, name];
