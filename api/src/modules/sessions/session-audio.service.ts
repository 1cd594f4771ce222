import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { mayReadGmOnly, type CampaignRole, type Policy } from '../../policy/policy';
import type { AudioStorage, ByteRange } from '../../storage/storage';
import { renditionAudioKey } from '../../storage/storage-key';
import type { Viewer } from '../../kernel/viewer';
import { DomainError, notFound } from '../../kernel/errors';
import { playersAudio } from './players-audio';
import { watchMarks } from './session-audio.watch';
import type { SessionUpdateSource } from '../../kernel/live-updates';
import type { Session } from '../../kernel/entities/session.entity';

export const AUDIO_MESSAGES = {
  noAudio: 'This session has no recording to play',
  preparing: 'The recording is being prepared. Please try again in a minute.',
  changed: 'Parts of the recording were hidden or shown again since it was opened. Please try again.',
} as const;

/** The rendition made during processing: AAC-LC in MP4, which every current browser plays. */
const RENDITION_TYPE = 'audio/mp4';
/** What the upload declared, when it names a media type; anything else is served as opaque bytes. */
const MEDIA_TYPE = /^(audio|video)\/[a-z0-9][a-z0-9.+-]*$/;

/** A session's stored audio as the player is served it: which file, how big, when written, what type. */
export interface SessionAudio {
  sessionId: string;
  /** Which file: the upload itself, the browser-friendly rendition, or the players' copy. */
  variant: 'upload' | 'rendition' | 'players';
  size: number;
  modifiedAt: Date;
  contentType: string;
  /** The whole file, or only `range` (checked against `size` by the caller). */
  open(range?: ByteRange): Promise<Readable>;
  /**
   * A recipient's: calls `changed` when the GM-only marks change after this was found (the stream
   * must stop: it holds what players may no longer hear); returns what stops watching.
   */
  whileCurrent?(changed: () => void): () => void;
}

/**
 * A session's recording for those who may read the session (policy), the rendition preferred. A
 * recipient of a session with GM-only lines hears the players' copy, silent over them, and only
 * once it is made for the marks as they are now: never the recording with the secrets in it.
 */
export class SessionAudioService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly storage: AudioStorage,
    private readonly updates: SessionUpdateSource,
  ) {}

  /**
   * Where the viewer's player streams a session's audio (GraphQL Session.audioUrl); null while it
   * has none. A recipient's carries the version of what players hear, so a mark changes it.
   */
  async url(session: Pick<Session, 'id' | 'storageKey'>, role: CampaignRole): Promise<string | null> {
    if (!session.storageKey) return null;
    const path = `/api/sessions/${session.id}/audio`;
    if (mayReadGmOnly(role)) return path;
    return `${path}?v=${(await playersAudio(this.em, session.id)).version}`;
  }

  /**
   * The rendition when processing made one, else the upload (a failed rendition, or a session
   * processed before renditions existed). Strangers and missing ids get the policy's one "not found".
   * A recipient asking for a `version` other than the current marks' is refused: that player must
   * load the new URL, not play on from what it was given before the marks changed.
   */
  async find(viewer: Viewer, id: unknown, version?: string): Promise<SessionAudio> {
    const { session, role } = await this.policy.readSession(viewer, id);
    if (!session.storageKey) throw notFound(AUDIO_MESSAGES.noAudio);
    if (mayReadGmOnly(role)) return this.recording(session);
    const current = await playersAudio(this.em, session.id);
    if (version !== undefined && version !== current.version) {
      throw new DomainError('CONFLICT', AUDIO_MESSAGES.changed);
    }
    const audio = current.key ? await this.playersCopy(session, current.key) : await this.recording(session);
    return {
      ...audio,
      whileCurrent: (changed) => watchMarks(this.em, this.updates, session.id, current.version, changed),
    };
  }

  /** The copy silent over the GM-only lines: made after each change of marks (the summary refresh). */
  private async playersCopy(session: Session, key: string): Promise<SessionAudio> {
    const info = await this.storage.stat(key);
    // Until it is made there is nothing safe to play.
    if (!info) throw new DomainError('CONFLICT', AUDIO_MESSAGES.preparing);
    return {
      sessionId: session.id,
      variant: 'players',
      contentType: RENDITION_TYPE,
      ...info,
      open: (range) => this.storage.get(key, range),
    };
  }

  private async recording(session: Session): Promise<SessionAudio> {
    const declared = session.mimeType && MEDIA_TYPE.test(session.mimeType) ? session.mimeType : null;
    const candidates = [
      { key: renditionAudioKey(session.id), variant: 'rendition' as const, contentType: RENDITION_TYPE },
      { key: session.storageKey!, variant: 'upload' as const, contentType: declared ?? 'application/octet-stream' },
    ];
    for (const { key, variant, contentType } of candidates) {
      const info = await this.storage.stat(key);
      if (!info) continue;
      return {
        sessionId: session.id,
        variant,
        contentType,
        ...info,
        open: (range) => this.storage.get(key, range),
      };
    }
    throw notFound(AUDIO_MESSAGES.noAudio);
  }
}
