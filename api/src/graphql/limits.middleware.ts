import type { RequestHandler } from 'express';
import { formatError } from './format-error';
import { checkQuerySource, QueryLimitError } from './limits';

/**
 * Length and token count of the document (GET query string, JSON or multipart body), before Apollo
 * parses it: a 400 with code QUERY_TOO_COMPLEX in the GraphQL response shape. Apollo's plugin hooks
 * turn anything thrown before parsing into a 500, hence a middleware.
 */
export const graphqlSourceLimits: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  const fromBody = body && typeof body === 'object' && 'query' in body ? body.query : undefined;
  const query = typeof fromBody === 'string' ? fromBody : req.query.query;
  if (typeof query !== 'string') return next();
  try {
    checkQuerySource(query);
  } catch (err) {
    if (!(err instanceof QueryLimitError)) throw err;
    res.status(400).json({ errors: [formatError(err.toJSON(), err)] });
    return;
  }
  next();
};
