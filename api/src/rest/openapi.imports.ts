import { SESSION_TITLE_MAX } from '../kernel/entities/session.entity';
import { obj } from './openapi.schemas';

/** Bodies of the transcript calls (imports.routes.ts), merged into the document by openapi.ts. */
export const importBodies = {
  ImportTranscript: obj(
    {
      file: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: 'WebVTT, SubRip or plain text (UTF-8, at most 5 MB), told by its content, not its name',
      },
      campaign_id: { type: 'string', format: 'uuid' },
      title: {
        type: 'string',
        minLength: 1,
        maxLength: SESSION_TITLE_MAX,
        description: 'The session title; default: the file name without its extension',
      },
      played_on: { type: 'string', format: 'date', description: 'The day it was played, 1970 to today; default today' },
    },
    ['title', 'played_on'],
  ),
};

/** What GET /api/sessions/{sessionId}/transcript.{format} answers with on success. */
export const TRANSCRIPT_FILES = {
  'text/vtt': { schema: { type: 'string' } },
  'application/x-subrip': { schema: { type: 'string' } },
};

export const TRANSCRIPT_EXPORT = {
  path: '/api/sessions/{sessionId}/transcript.{format}',
  summary: "A session's transcript as a WebVTT or SubRip file (owner and recipients)",
  description:
    '`format` is `vtt` (speakers as `<v Name>` voice tags) or `srt` (speakers as "Name: "); speakers are named as ' +
    "the campaign's cast names them. The in-game lines, as the archive's Full Transcript shows them by default; " +
    '`table_talk=include` adds the table talk. `Content-Disposition: attachment` with a file name from the title. ' +
    '409 when the session has no transcript lines yet; the very same 404 as a missing session for one the caller ' +
    'may not read, and 404 for another format.',
  tableTalk: {
    name: 'table_talk',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: ['include'] },
    description: 'include: table talk too',
  },
  format: { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['vtt', 'srt'] } },
} as const;
