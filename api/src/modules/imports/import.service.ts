import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import {
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPT_MESSAGES,
  TranscriptRefusedError,
} from '../../engines/transcript-formats/cue';
import { parseTranscript, type ParsedTranscript } from '../../engines/transcript-formats/parse';
import { requireUser, type Policy } from '../../policy/policy';
import type { Viewer } from '../../kernel/viewer';
import { CAMPAIGN_MESSAGES, nameSchema, parseField } from '../campaigns';
import { DomainError, badInput } from '../../kernel/errors';
import { isoDay, parsePlayedOn } from '../sessions';
import { SESSION_TITLE_MAX, Session } from '../../kernel/entities/session.entity';
import type { TranscriptService } from '../transcripts';
import { createQueuedSession, titleFromFileName } from '../uploads';
import { FORMAT_MIME_TYPES, IMPORT_MESSAGES } from './import.rules';

/** A transcript file as a transport hands it over. */
export interface ImportRequest {
  campaignId: unknown;
  file: { fileName: string; body: Readable };
  /** Default: the file name without its extension. */
  title?: unknown;
  /** YYYY-MM-DD; default: today (UTC). */
  playedOn?: unknown;
  /** The name the transport gives the date (REST: played_on), so a refusal names what was sent. */
  playedOnField?: string;
}

export const transcriptTooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', TRANSCRIPT_MESSAGES.tooLarge, 'file');

const importTitle = nameSchema(CAMPAIGN_MESSAGES.nameInvalid);

/**
 * The file's bytes, read to the end, or a refusal once it passes TRANSCRIPT_MAX_BYTES (the rest is
 * not read into memory).
 */
async function readBounded(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > TRANSCRIPT_MAX_BYTES) {
      body.destroy();
      throw transcriptTooLarge();
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/**
 * Creates sessions from transcript files (WebVTT, SubRip, plain text) in the viewer's campaigns:
 * the file is read and checked whole before anything is stored, so a refused file leaves nothing.
 */
export class ImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly workflows: WorkflowClient,
    /** Stores the file's lines with the new session row. */
    private readonly transcripts: TranscriptService,
  ) {}

  /**
   * The owner's campaign first (strangers and recipients get the policy's refusals whatever the
   * file), then the file, then the session row with its lines, PROCESSING at stage "queued", and
   * the processing workflow (which skips the audio stages). No audio hours are charged: there is
   * no audio, and the allowance counts audio.
   */
  async importTranscript(viewer: Viewer, request: ImportRequest): Promise<Session> {
    requireUser(viewer);
    const { campaignId } = request;
    if (campaignId == null || (typeof campaignId === 'string' && campaignId.trim() === '')) {
      throw badInput(IMPORT_MESSAGES.campaignRequired, 'campaign_id');
    }
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    const bytes = await readBounded(request.file.body);
    const { fileName } = request.file;
    const title =
      request.title === undefined
        ? titleFromFileName(fileName, SESSION_TITLE_MAX)
        : parseField('title', importTitle, request.title);
    const playedOn =
      request.playedOn === undefined
        ? isoDay(new Date())
        : parsePlayedOn(request.playedOn, request.playedOnField ?? 'playedOn');
    const parsed = parseFile(bytes);
    const fields = {
      id: randomUUID(),
      title,
      playedOn,
      originalFileName: fileName,
      mimeType: FORMAT_MIME_TYPES[parsed.format],
      sizeBytes: bytes.length,
      durationSeconds: parsed.cues.reduce((end, c) => Math.max(end, c.endMs), 0) / 1000,
      storageKey: null,
      importedFrom: parsed.format,
    };
    return createQueuedSession(this.em, this.workflows, campaign, fields, (session) =>
      this.transcripts.replaceLines(
        session.id,
        parsed.cues.map((c) => ({ ...c, words: [] })),
      ),
    );
  }
}

function parseFile(bytes: Buffer): ParsedTranscript {
  try {
    return parseTranscript(bytes);
  } catch (err) {
    if (err instanceof TranscriptRefusedError) throw badInput(err.message, 'file');
    throw err;
  }
}
