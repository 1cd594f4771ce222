import { z } from 'zod';
import { SESSION_TITLE_MAX } from '../kernel/entities/session.entity';
import { EXPORT_FORMATS } from '../modules/exports';
import { fileBytes, playedOn, uuid } from './common.schemas';

// The multipart uploads and the downloads (upload/imports/audio/exports.routes.ts).

/** The title of a session made from a file (an upload, an imported transcript). */
const fileSessionTitle = z
  .string()
  .min(1)
  .max(SESSION_TITLE_MAX)
  .meta({ description: 'The session title; default: the file name without its extension' })
  .optional();

export const UploadBody = z
  .strictObject({
    audio: fileBytes,
    campaign_id: uuid,
    title: fileSessionTitle,
    played_on: playedOn.optional(),
  })
  .meta({ id: 'UploadBody' });

export const ImportTranscriptBody = z
  .strictObject({
    file: fileBytes.meta({
      description: 'WebVTT, SubRip or plain text (UTF-8, at most 5 MB), told by its content, not its name',
    }),
    campaign_id: uuid,
    title: fileSessionTitle,
    played_on: playedOn.optional(),
  })
  .meta({ id: 'ImportTranscriptBody' });

export const Uploaded = z.strictObject({ redirect_url: z.string(), transcript_id: uuid }).meta({ id: 'Uploaded' });
/** What an upload and an import answer: the new session, and where the web app shows it. */
export const uploaded = (sessionId: string): z.infer<typeof Uploaded> => ({
  redirect_url: `/archive?transcript_id=${sessionId}`,
  transcript_id: sessionId,
});

/** `{format}` of a transcript download; another format answers as an unknown path does. */
export const TranscriptFormat = z.object({
  format: z.enum(Object.keys(EXPORT_FORMATS) as [keyof typeof EXPORT_FORMATS]),
});
/** Any other value of table_talk reads as its absence: in-game lines only. */
export const TranscriptQuery = z.object({
  table_talk: z.enum(['include']).optional().meta({ description: 'include: table talk too' }),
});
/** What a transcript download is served as, by format. */
export const TRANSCRIPT_FILES = Object.fromEntries(
  Object.values(EXPORT_FORMATS).map((type) => [type.split(';')[0], { schema: z.string() }]),
);

/** `v`: the version of the GM-only marks a recipient's URL was given for (GraphQL Session.audioUrl). */
export const AudioQuery = z.object({
  v: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional()
    .meta({ description: "A recipient's version of the GM-only marks, from Session.audioUrl; ignored for the owner" }),
});

const optionalHeader = (description: string) => z.string().optional().meta({ description });
export const AudioHeaders = z.object({
  Range: optionalHeader('One byte range, e.g. `bytes=0-1023`, `bytes=4096-` or `bytes=-500`'),
  'If-Range': optionalHeader('The ETag or Last-Modified the range was read from; another answers the whole file'),
  'If-None-Match': optionalHeader('An ETag from an earlier answer: 304 while the file is the same'),
});
