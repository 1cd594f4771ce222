import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it: JSON body for chat, parsed multipart form for audio. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization?: string;
  json?: any;
  fields?: Record<string, string>;
  file?: { name: string; type: string; size: number; bytes: Buffer };
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string `text` is sent verbatim (for malformed or plain-text replies). */
  json?: unknown;
  text?: string;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** A chat.completion reply whose single choice says `content`. */
export function chatReply(content: string, model = 'test-chat'): Reply {
  return {
    json: {
      id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

/** OpenAI's error envelope with the given status. */
export function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, headers, json: { error: { message, type: 'test_error', code: null } } };
}

/**
 * A real HTTP server on a random local port speaking the OpenAI protocol for the endpoints the
 * engines use, so tests drive the real `openai` client instead of mocking it. Each endpoint
 * answers first from its script of queued replies (e.g. a 429), then from its handler.
 */
export class OpenAICompatibleServer {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();
  private readonly scripts = new Map<string, Reply[]>();

  private constructor(
    private readonly server: http.Server,
    readonly apiKey: string,
  ) {}

  static async start(apiKey = 'sk-test-key'): Promise<OpenAICompatibleServer> {
    const server = http.createServer();
    const instance = new OpenAICompatibleServer(server, apiKey);
    server.on('request', (req, res) => {
      instance.handle(req, res).catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `test server: ${error.message}` } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return instance;
  }

  /**
   * The test file's server: started before its tests, reset after each, closed after all. The
   * handle stands for the server once it has started (jest's hooks run after the file is read).
   */
  static forThisFile(): OpenAICompatibleServer {
    let started: OpenAICompatibleServer | undefined;
    beforeAll(async () => {
      started = await OpenAICompatibleServer.start();
    });
    afterEach(() => started?.reset());
    afterAll(() => started?.close());
    return new Proxy({} as OpenAICompatibleServer, {
      get(_, key) {
        const value: unknown = Reflect.get(started!, key, started);
        return typeof value === 'function' ? value.bind(started) : value;
      },
    });
  }

  get baseURL(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Answers POST /v1/<path> (e.g. 'chat/completions') with `handler` once the script is used up. */
  on(path: string, handler: Handler): void {
    this.handlers.set(`/v1/${path}`, handler);
  }

  /** Queues replies that POST /v1/<path> sends, in order, before its handler takes over. */
  script(path: string, ...replies: Reply[]): void {
    this.scripts.set(`/v1/${path}`, [...(this.scripts.get(`/v1/${path}`) ?? []), ...replies]);
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === `/v1/${path}`);
  }

  /** Forgets handlers, scripts and recorded requests between tests. */
  reset(): void {
    this.requests.length = 0;
    this.handlers.clear();
    this.scripts.clear();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0];
    const recorded: RecordedRequest = { method: req.method ?? '', path, authorization: req.headers.authorization };
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) Object.assign(recorded, await parseForm(type, body));
    else if (type.includes('json')) recorded.json = JSON.parse(body.toString('utf8'));
    this.requests.push(recorded);

    let reply: Reply;
    if (recorded.authorization !== `Bearer ${this.apiKey}`) {
      reply = errorReply(401, 'Incorrect API key provided.');
    } else if (this.scripts.get(path)?.length) {
      reply = this.scripts.get(path)!.shift()!;
    } else {
      const handler = req.method === 'POST' ? this.handlers.get(path) : undefined;
      reply = handler ? await handler(recorded) : errorReply(404, `No handler for ${req.method} ${path}`);
    }
    const isText = typeof reply.text === 'string';
    res.writeHead(reply.status ?? 200, {
      'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
      ...reply.headers,
    });
    res.end(isText ? reply.text : JSON.stringify(reply.json ?? {}));
  }
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Multipart parsing by the WHATWG Request of Node's own fetch (undici), as a server would do it. */
async function parseForm(contentType: string, body: Buffer): Promise<Partial<RecordedRequest>> {
  const form = await new Request('http://form.local/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  }).formData();
  const fields: Record<string, string> = {};
  let file: RecordedRequest['file'];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = fields[name] === undefined ? value : `${fields[name]},${value}`;
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      file = { name: value.name, type: value.type, size: bytes.length, bytes };
    }
  }
  return { fields, file };
}
