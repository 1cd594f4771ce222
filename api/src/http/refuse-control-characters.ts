import type { RequestHandler } from 'express';
import { controlCharacterError, findControlCharacter } from './control-characters';

/**
 * The REST shims' edge check: the query string, the path and the parsed JSON body hold no control
 * characters (newlines only in long texts), or the request ends in a 400 naming the field before
 * any route sees it. Multipart fields are checked where the form is read (upload.routes.ts).
 */
export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  const problem =
    findControlCharacter(decodedPath(req.path), 'path') ??
    findControlCharacter(req.query, '') ??
    findControlCharacter(req.body, '');
  next(problem ? controlCharacterError(problem) : undefined);
};

/** Route parameters come from the decoded path; a malformed escape is left to the router's own 400. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}
