import type { EntityManager } from '@mikro-orm/postgresql';
import type { Cue } from '../../engines/transcript-formats/cue';
import { formatSrt, formatWebVtt } from '../../engines/transcript-formats/write';
import { mayReadGmOnly, type Policy } from '../../policy/policy';
import type { Viewer } from '../../kernel/viewer';
import { fromRow, speakerName, type SpeakerRow } from '../cast';
import { DomainError } from '../../kernel/errors';
import {
  EXPORT_FORMATS,
  TRANSCRIPT_EXPORT_MESSAGES,
  exportFileName,
  type ExportFormat,
} from './transcript-export.rules';

/** A transcript file ready to send. */
export interface TranscriptFile {
  fileName: string;
  contentType: string;
  body: string;
}

export interface ExportOptions {
  /**
   * Table talk too. Default false: the archive's Full Transcript shows the in-game lines unless
   * 'Show table talk' is on, and an export gives what that view shows.
   */
  tableTalk?: boolean;
}

type LineRow = {
  start_ms: number;
  end_ms: number;
  text: string;
  table_talk: boolean;
  gm_only: boolean;
  speaker: string | null;
} & Partial<SpeakerRow>;

/**
 * A session's transcript as WebVTT or SubRip for whoever may read the session (owner and
 * recipients, whose file leaves out GM-only lines; strangers get the policy's one "not found"). Speakers are named as the transcript
 * view names them (the campaign's cast: character, then player).
 */
export class TranscriptExportService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
  ) {}

  async export(
    viewer: Viewer,
    sessionId: unknown,
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<TranscriptFile> {
    const { session, role } = await this.policy.readSession(viewer, sessionId);
    const rows = await this.em.execute<LineRow[]>(
      `select t.start_ms, t.end_ms, t.text, t.table_talk, t.gm_only, t.speaker, c.label, c.player_name, c.character_name, c.role
       from transcript_segments t join sessions s on s.id = t.session_id
       left join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id = ? order by t.position`,
      [session.id],
    );
    if (!rows.length) throw new DomainError('CONFLICT', TRANSCRIPT_EXPORT_MESSAGES.notExportable);
    const cues: Cue[] = rows
      // A recipient's file never holds a line the owner keeps GM-only.
      .filter((r) => (options.tableTalk || !r.table_talk) && (mayReadGmOnly(role) || !r.gm_only))
      .map((r) => ({
        startMs: r.start_ms,
        endMs: r.end_ms,
        text: r.text,
        ...(r.speaker ? { speaker: r.label ? speakerName(fromRow(r as SpeakerRow)) : r.speaker } : {}),
      }));
    return {
      fileName: exportFileName(session.title, format),
      contentType: EXPORT_FORMATS[format],
      body: format === 'vtt' ? formatWebVtt(cues) : formatSrt(cues),
    };
  }
}
