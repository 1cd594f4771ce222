import type { Config } from '../config/config';
import type { Csrf } from '../http/csrf';

/** What the REST routes need beside the request's services; its own file so routes need not import the router. */
export interface RestDeps {
  config: Config;
  csrf: Csrf;
}
