import { badInput, type DomainError } from '../kernel/errors';

/**
 * Fields whose text may span lines: transcripts and summaries (GraphQL `text`, REST `new_text`),
 * a campaign's vocabulary (one name per line) and Q&A questions. Every other text field — names,
 * titles, emails, passwords, ids — is one line. Matched on the field's own name (the last part of
 * its path), in GraphQL arguments and input fields as in REST bodies.
 */
export const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set(['text', 'new_text', 'vocabulary', 'question']);

/*
 * C0 controls (NUL … US), DEL and the C1 controls (U+0080–U+009F). PostgreSQL refuses NUL in text
 * outright (a 500 before this check); the others have no business in anything a person typed.
 * Long texts keep tab, line feed and carriage return.
 */
/* eslint-disable no-control-regex -- matching control characters is this file's purpose */
const CONTROL_IN_SHORT_TEXT = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_IN_LONG_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
/** A surrogate without its partner cannot be encoded as UTF-8: PostgreSQL and JSON consumers break on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a character this field may not contain. */
export function hasForbiddenCharacter(text: string, long: boolean): boolean {
  return (long ? CONTROL_IN_LONG_TEXT : CONTROL_IN_SHORT_TEXT).test(text) || LONE_SURROGATE.test(text);
}

/** Where a forbidden character was found: the field's own name and its full path (`input.firstName`). */
export interface ControlCharacterProblem {
  field: string;
  path: string;
}

/**
 * Walks a parsed JSON value (objects, arrays, strings) and reports the first string that holds a
 * forbidden character. `path` names the value itself; objects add their keys, arrays their indexes,
 * and the nearest key decides whether the text is long.
 */
export function findControlCharacter(value: unknown, path: string, field = path): ControlCharacterProblem | undefined {
  if (typeof value === 'string') {
    return hasForbiddenCharacter(value, LONG_TEXT_FIELDS.has(field)) ? { field, path } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = findControlCharacter(item, join(path, String(i)), field);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const problem = findControlCharacter(item, join(path, key), key);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The one refusal every transport sends: 400 BAD_USER_INPUT naming the field. */
export function controlCharacterError(problem: ControlCharacterProblem): DomainError {
  return badInput(`${problem.path} contains a control character`, problem.field);
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** JSON objects and query-string maps only: class instances (uploads, buffers) are not user text. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
