export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

interface RequestOptions {
  json?: unknown;
  /** A raw body: text, or FormData for multipart (fetch sets the boundary). */
  body?: string | FormData;
  headers?: Record<string, string>;
  /** Attach the CSRF token to unsafe requests (default true); false to test the refusal. */
  csrf?: boolean;
}

/** A browser-like client over real HTTP: keeps cookies, fetches and sends the CSRF token. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  private csrf?: string;
  bearer?: string;

  constructor(readonly baseUrl: string) {}

  async csrfToken(): Promise<string> {
    const res = await this.request('GET', '/get-csrf-token/');
    this.csrf = res.body.csrfToken as string;
    return this.csrf;
  }

  get<T = any>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('GET', path, opts);
  }

  post<T = any>(path: string, json?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { json, ...opts });
  }

  /** POSTs a GraphQL operation; returns the whole response (errors included). */
  gql<T = any>(query: string, variables?: Record<string, unknown>, opts: RequestOptions = {}) {
    return this.request<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>(
      'POST',
      '/graphql',
      { json: { query, variables }, ...opts },
    );
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.json !== undefined) headers['content-type'] ??= 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) headers.authorization ??= `Bearer ${this.bearer}`;
    if (method !== 'GET' && opts.csrf !== false && !this.bearer) {
      headers['x-csrftoken'] = this.csrf ?? (await this.csrfToken());
      if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: opts.body ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
    });
    this.storeCookies(res.headers);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: body as T };
  }

  /** Forget the CSRF token (it is bound to the session, so it changes at sign-in/out). */
  resetCsrf(): void {
    this.csrf = undefined;
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
