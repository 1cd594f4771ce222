import type http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config/config';

type TimeoutConfig = Pick<
  Config,
  | 'HTTP_HEADERS_TIMEOUT_SECONDS'
  | 'HTTP_KEEPALIVE_TIMEOUT_SECONDS'
  | 'BODY_IDLE_TIMEOUT_SECONDS'
  | 'BODY_TOTAL_TIMEOUT_SECONDS'
  | 'UPLOAD_IDLE_TIMEOUT_SECONDS'
  | 'UPLOAD_TOTAL_TIMEOUT_SECONDS'
>;

const ms = (seconds: number) => Math.round(seconds * 1000);

/**
 * Node's own limits on the server: time to send the headers, idle kept-alive connections, and the
 * longest any request may take to arrive (the upload total, the longest of the body limits).
 */
export function applyServerTimeouts(server: http.Server, config: TimeoutConfig): void {
  server.headersTimeout = ms(config.HTTP_HEADERS_TIMEOUT_SECONDS);
  server.keepAliveTimeout = ms(config.HTTP_KEEPALIVE_TIMEOUT_SECONDS);
  server.requestTimeout = ms(Math.max(config.UPLOAD_TOTAL_TIMEOUT_SECONDS, config.BODY_TOTAL_TIMEOUT_SECONDS));
}

/**
 * How often Node checks headersTimeout and requestTimeout (its default is every 30 s, which would
 * let a stalled client keep its socket that much longer than configured).
 */
export function connectionsCheckingInterval(config: TimeoutConfig): number {
  return Math.max(50, Math.min(ms(config.HTTP_HEADERS_TIMEOUT_SECONDS) / 4, 1000));
}

/**
 * Per-request body limits, finer than Node's: a body that sends nothing for the idle time, or has
 * not fully arrived within the total, is cut off. Uploads (multipart) get the longer limits.
 * Progress is read from the socket's byte count, not from 'data' events, so the handler that
 * consumes the body is not disturbed. The connection is closed, which fails the body stream for
 * whoever reads it, so an upload's storage write is aborted and cleaned up like a disconnect.
 */
export function bodyTimeouts(config: TimeoutConfig): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const upload = Boolean(req.is('multipart/form-data'));
    const idle = ms(upload ? config.UPLOAD_IDLE_TIMEOUT_SECONDS : config.BODY_IDLE_TIMEOUT_SECONDS);
    const total = ms(upload ? config.UPLOAD_TOTAL_TIMEOUT_SECONDS : config.BODY_TOTAL_TIMEOUT_SECONDS);
    watchBody(req, res, idle, total);
    next();
  };
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function watchBody(req: Request, res: Response, idleMs: number, totalMs: number): void {
  const started = Date.now();
  let lastProgress = started;
  let lastBytes = req.socket.bytesRead;
  const tick = Math.max(50, Math.min(idleMs / 4, totalMs / 4, 1000));
  const timer = setInterval(() => {
    if (req.complete || req.socket.destroyed) return stop();
    const now = Date.now();
    const bytes = req.socket.bytesRead;
    if (bytes !== lastBytes) {
      lastBytes = bytes;
      lastProgress = now;
    }
    if (now - lastProgress >= idleMs || now - started >= totalMs) {
      stop();
      cutOff(req, res);
    }
  }, tick);
  timer.unref();
  const stop = () => clearInterval(timer);
  res.once('close', stop);
}

/**
 * A 408 when nothing was answered yet (the client may still read it), then the connection goes.
 * The request itself is destroyed too: once a response has finished, Node no longer fails its
 * request when the socket closes, and whoever reads the body would wait for the rest forever.
 */
function cutOff(req: Request, res: Response): void {
  const close = () => {
    req.destroy();
    req.socket.destroy();
  };
  if (res.headersSent) return close();
  res.once('finish', close);
  res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(JSON.stringify({ error: 'The request took too long to arrive. Please try again.', code: 'REQUEST_TIMEOUT' }));
  // A client that reads nothing never lets the answer drain: the socket goes regardless.
  setTimeout(close, 1000).unref();
}
