import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRuntime } from './runtime-file';

/** Headers that belong to one connection, which fetch sets itself (or refuses). */
const HOP_BY_HOP = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

export interface StripeCall {
  method: string;
  /** e.g. /v1/checkout/sessions */
  path: string;
  /** The form-encoded body as Stripe reads it: `line_items[0][price]` → value. */
  params: Record<string, string>;
  idempotencyKey?: string;
}

export interface StripeTap {
  /** For STRIPE_API_BASE. */
  url: string;
  calls: StripeCall[];
  /** The calls to one path (and method), in order. */
  to(method: string, path: string): StripeCall[];
  close(): Promise<void>;
}

/**
 * A pass-through in front of the test run's stripe-mock that writes down every request: the app's
 * real Stripe client talks to the real stripe-mock, and a test can read what was asked of Stripe
 * (stripe-mock answers with fixtures, so its answers cannot show that).
 */
export async function startStripeTap(): Promise<StripeTap> {
  const upstream = readRuntime().stripeApiBase;
  const calls: StripeCall[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', upstream);
    const idempotencyKey = req.headers['idempotency-key'];
    calls.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params: Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body)),
      ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
    });
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !HOP_BY_HOP.has(k)),
    ) as Record<string, string>;
    const answer = await fetch(url, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    to: (method, path) => calls.filter((c) => c.method === method && c.path === path),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
