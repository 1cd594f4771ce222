import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import { z } from 'zod';
import type { Viewer } from '../../kernel/viewer';
import { touch } from '../../kernel/entities/campaign.entity';
import { DomainError, badInput, notFound } from '../../kernel/errors';
import { ACCESS_MESSAGES, type Policy } from '../../policy/policy';
import { lockSessionForEdit } from '../../kernel/entities/session-lock';
import { SessionStatus, type Session } from '../../kernel/entities/session.entity';
import { requestSummaryRefresh } from './summary-refresh';
import type { TableTalkCorrectionService } from './table-talk-corrections.service';
import { editLine, lineIn, setGmOnly, setTableTalk } from './transcript.edits';
import type { TranscriptService } from './transcript.service';
import type { TranscriptLine } from './transcript.type';
import { addToVocabulary } from './transcript.vocabulary';

export const LINE_TEXT_MAX = 5000;

export const TRANSCRIPT_LINE_MESSAGES = {
  textRequired: 'A line cannot be empty. To remove a line, edit the full transcript.',
  textTooLong: `A line can be at most ${LINE_TEXT_MAX} characters`,
  tableTalkRequired: 'tableTalk must be true or false',
  gmOnlyRequired: 'gmOnly must be true or false',
  sessionNotReady: 'This session is still being processed or failed, so its content cannot be edited',
} as const;

// A line is one line of the transcript: whitespace (newlines included) is squeezed to single spaces.
const lineText = z
  .string({ error: TRANSCRIPT_LINE_MESSAGES.textRequired })
  .transform((t) => t.replace(/\s+/g, ' ').trim())
  .pipe(
    z.string().min(1, TRANSCRIPT_LINE_MESSAGES.textRequired).max(LINE_TEXT_MAX, TRANSCRIPT_LINE_MESSAGES.textTooLong),
  );

/**
 * The owner's line-by-line corrections of a transcript: a line flipped between in-game and table
 * talk (Q&A follows at once, the summaries after a short debounce, the campaign's classifier from its
 * next session on), and a line's text edited with its times kept.
 */
export class TranscriptLineService {
  private readonly transcripts: TranscriptService;
  private readonly corrections: TableTalkCorrectionService;

  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly workflows: WorkflowClient,
    /** Tells the session's players that what they hear changed (the sessions feature knows how). */
    private readonly announcePlayersAudio: (tx: EntityManager, sessionId: string) => Promise<void>,
    lines: { transcripts: TranscriptService; corrections: TableTalkCorrectionService },
  ) {
    this.transcripts = lines.transcripts;
    this.corrections = lines.corrections;
  }

  /** Marks a line table talk or in game and remembers the correction for the campaign. */
  async setTableTalk(viewer: Viewer, lineId: unknown, tableTalk: unknown): Promise<TranscriptLine> {
    const { line, session } = await this.ownLine(viewer, lineId);
    if (typeof tableTalk !== 'boolean') throw badInput(TRANSCRIPT_LINE_MESSAGES.tableTalkRequired, 'tableTalk');
    const changed = await this.em.transactional(async (tx) => {
      // Serialised with full-text edits of the session, which may delete or move this line.
      const campaign = await lockSessionForEdit(tx, session);
      const current = await lineIn(tx, session.id, line.id);
      if (!current) throw notFound(ACCESS_MESSAGES.lineNotFound);
      await this.corrections.record(tx, current, tableTalk);
      if (current.tableTalk === tableTalk) return false;
      await setTableTalk(tx, line.id, tableTalk);
      touch(campaign);
      return true;
    });
    if (changed) await this.refreshSummaries(session.id);
    return this.reread(line.id);
  }

  private async refreshSummaries(sessionId: string): Promise<void> {
    await requestSummaryRefresh(this.workflows, sessionId);
  }

  /**
   * Keeps a line from the campaign's players or shares it again. Q&A follows at once (its
   * vocabularies are kept per audience by triggers), the campaign index at its next read; the
   * summaries (written only from lines everyone may read) and the players' copy of the recording
   * (silent over GM-only lines) after the same short debounce as a table-talk correction.
   */
  async setGmOnly(viewer: Viewer, lineId: unknown, gmOnly: unknown): Promise<TranscriptLine> {
    const { line, session } = await this.ownLine(viewer, lineId);
    if (typeof gmOnly !== 'boolean') throw badInput(TRANSCRIPT_LINE_MESSAGES.gmOnlyRequired, 'gmOnly');
    const changed = await this.em.transactional(async (tx) => {
      const campaign = await lockSessionForEdit(tx, session);
      const current = await lineIn(tx, session.id, line.id);
      if (!current) throw notFound(ACCESS_MESSAGES.lineNotFound);
      if (current.gmOnly === gmOnly) return false;
      await setGmOnly(tx, line.id, gmOnly);
      // Recipients' players load the audio of the new marks at once, not when the refresh gets to it.
      await this.announcePlayersAudio(tx, session.id);
      touch(campaign);
      return true;
    });
    // Also for a table-talk line (in no summary): players hear the recording silent over GM-only lines.
    if (changed) await this.refreshSummaries(session.id);
    return this.reread(line.id);
  }

  /**
   * Replaces a line's text: its words keep their times where unchanged, it is re-indexed for Q&A,
   * names the owner spelled out in place of others join the campaign's vocabulary, and the
   * summaries, the campaign's and its index follow after the same debounce as a flip.
   */
  async editText(viewer: Viewer, lineId: unknown, text: unknown): Promise<TranscriptLine> {
    const { line, session } = await this.ownLine(viewer, lineId);
    const parsed = lineText.safeParse(text);
    if (!parsed.success) throw badInput(parsed.error.issues[0].message, 'text');
    const changed = await this.em.transactional(async (tx) => {
      const campaign = await lockSessionForEdit(tx, session);
      const edit = await editLine(tx, session.id, line.id, parsed.data);
      if (edit === null) throw notFound(ACCESS_MESSAGES.lineNotFound);
      await this.corrections.retext(tx, line.id, parsed.data);
      if (edit.names.length) campaign.vocabulary = addToVocabulary(campaign.vocabulary, edit.names);
      touch(campaign);
      return edit.changed;
    });
    if (changed) await this.refreshSummaries(session.id);
    return this.reread(line.id);
  }

  /** A line of the viewer's own session, which must be finished (as for every content edit). */
  private async ownLine(viewer: Viewer, lineId: unknown): Promise<{ line: { id: string }; session: Session }> {
    const owned = await this.policy.ownTranscriptLine(viewer, lineId);
    if (owned.session.status !== SessionStatus.READY) {
      throw new DomainError('CONFLICT', TRANSCRIPT_LINE_MESSAGES.sessionNotReady);
    }
    return owned;
  }

  private async reread(lineId: string): Promise<TranscriptLine> {
    const line = await this.transcripts.line(lineId);
    if (!line) throw notFound(ACCESS_MESSAGES.lineNotFound);
    return line;
  }
}
