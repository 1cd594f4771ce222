import { z } from 'zod';
import { HTTP_STATUS, type ErrorCode } from '../kernel/errors';

/*
 * The REST shims' request and response shapes, in zod: the routes read their input through these and
 * openapi.ts generates the document from them. Strict objects state `additionalProperties: false`, so
 * the document (and openapi.test.ts, checking real answers against it) holds every field to its name.
 * `.meta({ id })` names a shape as a component of the document; unnamed ones are written inline.
 */

export const uuid = z.uuid();
export const dateTime = z.iso.datetime();
/** The day a session was played; the services check the range. */
export const playedOn = z.iso.date().meta({ description: 'The day it was played, 1970 to today; default today' });
/** A file part of a multipart form. */
export const fileBytes = z.string().meta({ contentMediaType: 'application/octet-stream' });

export const ErrorBody = z
  .strictObject({
    error: z.string(),
    code: z.enum(Object.keys(HTTP_STATUS) as [ErrorCode, ...ErrorCode[]]),
    field: z.string().optional(),
  })
  .meta({
    id: 'Error',
    description: 'Every failure: `error` is the user-facing text, `field` names the input at fault',
  });

export const Success = z.strictObject({ success: z.literal(true), message: z.string() }).meta({ id: 'Success' });
export const SuccessOnly = z.strictObject({ success: z.literal(true) }).meta({ id: 'SuccessOnly' });
export const CsrfToken = z.strictObject({ csrfToken: z.string() }).meta({ id: 'CsrfToken' });

const check = z.strictObject({ ok: z.boolean(), error: z.string().optional() });
export const Health = z
  .strictObject({ status: z.enum(['ok', 'unavailable']), database: check, temporal: check })
  .meta({ id: 'Health' });
