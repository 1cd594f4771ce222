import type { Readable } from 'node:stream';
import type { Policy } from '../../policy/policy';
import type { AudioStorage, ByteRange } from '../../storage/storage';
import { renditionAudioKey } from '../../storage/storage-key';
import type { Viewer } from '../accounts/auth.service';
import { notFound } from '../common/errors';
import type { Session } from './session.entity';

export const AUDIO_MESSAGES = {
  noAudio: 'This session has no recording to play',
} as const;

/** The rendition made during processing: AAC-LC in MP4, which every current browser plays. */
const RENDITION_TYPE = 'audio/mp4';
/** What the upload declared, when it names a media type; anything else is served as opaque bytes. */
const MEDIA_TYPE = /^(audio|video)\/[a-z0-9][a-z0-9.+-]*$/;

/** A session's stored audio as the player is served it: which file, how big, when written, what type. */
export interface SessionAudio {
  sessionId: string;
  /** True for the browser-friendly rendition, false for the upload itself. */
  rendition: boolean;
  size: number;
  modifiedAt: Date;
  contentType: string;
  /** The whole file, or only `range` (checked against `size` by the caller). */
  open(range?: ByteRange): Promise<Readable>;
}

/** Where the api serves a session's audio (GraphQL Session.audioUrl); null while it has none. */
export function sessionAudioUrl(session: Session): string | null {
  return session.storageKey ? `/api/sessions/${session.id}/audio` : null;
}

/** A session's recording for those who may read the session (policy), the rendition preferred. */
export class SessionAudioService {
  constructor(
    private readonly policy: Policy,
    private readonly storage: AudioStorage,
  ) {}

  /**
   * The rendition when processing made one, else the upload (a failed rendition, or a session
   * processed before renditions existed). Strangers and missing ids get the policy's one "not found".
   */
  async find(viewer: Viewer, id: unknown): Promise<SessionAudio> {
    const { session } = await this.policy.readSession(viewer, id);
    if (!session.storageKey) throw notFound(AUDIO_MESSAGES.noAudio);
    const declared = session.mimeType && MEDIA_TYPE.test(session.mimeType) ? session.mimeType : null;
    const candidates = [
      { key: renditionAudioKey(session.id), rendition: true, contentType: RENDITION_TYPE },
      { key: session.storageKey, rendition: false, contentType: declared ?? 'application/octet-stream' },
    ];
    for (const { key, rendition, contentType } of candidates) {
      const info = await this.storage.stat(key);
      if (!info) continue;
      return {
        sessionId: session.id,
        rendition,
        contentType,
        ...info,
        open: (range) => this.storage.get(key, range),
      };
    }
    throw notFound(AUDIO_MESSAGES.noAudio);
  }
}
