import type { Config } from '../../config/config';

/**
 * An absolute link into the web app for mails, which have no request to take an origin from:
 * PUBLIC_URL (a path prefix kept), else the embedded default `npm start` prints,
 * http://localhost:PORT. `path` starts with a slash: appUrl(config, '/reset-password?token=…').
 */
export function appUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, path: string): string {
  const base = config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${config.PORT}`;
  return `${base}${path}`;
}
