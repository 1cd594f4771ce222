import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import type { Config } from '../../config/config';
import { requireUser, type Policy } from '../../policy/policy';
import { byteLimit } from '../../storage/byte-counter';
import { probeAudio, type AudioInfo } from '../../engines/audio/probe-audio';
import { AudioRejectedError } from '../../engines/audio/audio-errors';
import { localPathOf } from '../../storage/local-copy';
import type { AudioStorage } from '../../storage/storage';
import { sessionAudioKey, trackAudioKey } from '../../storage/storage-key';
import { ZipRefusedError } from '../../adapters/archive/audio-zip';
import { extractAudioTracks } from '../../engines/audio/audio-tracks';
import type { Viewer } from '../../kernel/viewer';
import type { User } from '../../kernel/entities/user.entity';
import type { Campaign } from '../../kernel/entities/campaign.entity';
import { DomainError, badInput } from '../../kernel/errors';
import { CAMPAIGN_MESSAGES, nameSchema, parseField } from '../campaigns';
import { isoDay, parsePlayedOn } from '../sessions';
import { SESSION_TITLE_MAX, Session, type SessionTrack } from '../../kernel/entities/session.entity';
import type { UsageService } from '../usage';
import { UPLOAD_MESSAGES, extensionOf, isAcceptedType, isZipName, titleFromFileName } from './upload.rules';
import { uploadSlotsFor } from './upload-slots';
import { ContentCheck } from './content-check';
import { createQueuedSession } from './queued-session';

/** One uploaded file as a transport hands it over: its name, declared type and a byte stream. */
export interface IncomingFile {
  fileName: string;
  mimeType: string;
  body: Readable;
}

/** What the uploader may say about the session; absent values get defaults. */
export interface UploadDetails {
  /** Default: the file name without its extension. */
  title?: unknown;
  /** YYYY-MM-DD; default: today (UTC). */
  playedOn?: unknown;
}

export interface UploadRequest {
  /**
   * The target campaign. A promise when the transport only learns it after the file (a multipart
   * form may send campaign_id after the audio); the file is then stored first and refused after.
   */
  campaignId: unknown;
  file: IncomingFile;
  /** A promise when the transport only has them once the form is read (fields may follow the file). */
  details?: UploadDetails | Promise<UploadDetails>;
  /** The name the transport gives the date (REST: played_on), so a refusal names what was sent. */
  playedOnField?: string;
  /** Aborted when the client goes away: nothing is kept for an upload nobody waits for. */
  signal?: AbortSignal;
}

const uploadTitle = nameSchema(CAMPAIGN_MESSAGES.nameInvalid);

/** A title sent with the upload follows the rename rules; an absent one comes from the file name. */
function sessionDetails(request: UploadRequest, details: UploadDetails): { title: string; playedOn: string } {
  const { fileName } = request.file;
  return {
    title:
      details.title === undefined
        ? titleFromFileName(fileName, SESSION_TITLE_MAX)
        : parseField('title', uploadTitle, details.title),
    playedOn:
      details.playedOn === undefined
        ? isoDay(new Date())
        : parsePlayedOn(details.playedOn, request.playedOnField ?? 'playedOn'),
  };
}

export const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 'audio');
/** The client went away: an expected outcome, not a server fault to log. */
export const interrupted = () => badInput(UPLOAD_MESSAGES.interrupted, 'audio');

/** Accepts an upload into one of the viewer's campaigns: stores, checks and queues it, or keeps nothing. */
export class UploadService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
    private readonly platform: { storage: AudioStorage; workflows: WorkflowClient },
    private readonly policy: Policy,
    private readonly usage: UsageService,
  ) {}

  /**
   * Streams the file to storage while the campaign and the plan's allowance are checked and the
   * content is probed and decoded in passing (ContentCheck). Only an accepted file gets a session
   * row (PROCESSING, stage 'queued') and a workflow; any refusal or failure deletes what was stored.
   */
  async upload(viewer: Viewer, request: UploadRequest): Promise<Session> {
    const user = requireUser(viewer);
    const { fileName, mimeType } = request.file;
    if (!isAcceptedType(fileName, mimeType)) throw badInput(UPLOAD_MESSAGES.unsupportedType, 'audio');
    // Before a byte is stored; given back however the upload ends (stored, refused, cut off).
    const release = uploadSlotsFor(this.config).acquire(user.id);
    try {
      return await this.store(viewer, user, request);
    } finally {
      release();
    }
  }

  private async store(viewer: Viewer, user: User, request: UploadRequest): Promise<Session> {
    const { fileName, body } = request.file;
    const { storage } = this.platform;
    const sessionId = randomUUID();
    const key = sessionAudioKey(sessionId, extensionOf(fileName));
    const multiTrack = isZipName(fileName);
    // Local storage: content that must be read from a file is read from the stored one. S3: from a
    // copy kept while it streams, never by downloading the object again.
    const storedFile = localPathOf(storage, key);
    const spoolPath = storedFile ? null : await this.scratchFile(`${sessionId}-upload${extensionOf(fileName)}`);
    const check = new ContentCheck({ multiTrack, spoolPath });
    const refused = new AbortController();
    const admitted = Promise.resolve(request.campaignId).then((id) => this.admit(viewer, user, id));
    admitted.catch((err: unknown) => refused.abort(err));
    // A bad title or date stops the upload as soon as it is read, like a wrong campaign.
    const details = Promise.resolve(request.details ?? {}).then((sent) => sessionDetails(request, sent));
    details.catch((err: unknown) => refused.abort(err));
    const checked = pipeline(body, byteLimit(this.config.UPLOAD_MAX_BYTES, tooLarge), check, () => undefined);
    const stored = storage.put(key, checked, { signal: refused.signal });
    const tracks: SessionTrack[] = [];
    try {
      const [campaign, { size }, { title, playedOn }] = await Promise.all([admitted, stored, details]);
      const { signal } = request;
      const audio = multiTrack
        ? await check.withFile(storedFile, (zip) => this.unpackTracks(sessionId, zip, tracks, signal))
        : (check.audio ?? (await check.withFile(storedFile, (file) => probeAudio(file, { signal }))));
      request.signal?.throwIfAborted();
      const row = { id: sessionId, title, playedOn, key: multiTrack ? tracks[0].key : key, sizeBytes: size };
      const session = await this.createSession(row, campaign, request.file, audio, multiTrack ? tracks : null);
      // The tracks are the recording now: the ZIP was only their envelope.
      if (multiTrack) await storage.delete(key);
      return session;
    } catch (err) {
      // A put still running could finish after the delete and leave the file behind.
      await stored.catch(() => undefined);
      await check.discard();
      await storage.delete(key);
      for (const track of tracks) await storage.delete(track.key);
      if (err instanceof AudioRejectedError) throw badInput(err.message, 'audio');
      throw err;
    }
  }

  /** A path under DATA_DIR/tmp (created) for a file that lives as long as one upload. */
  private async scratchFile(name: string): Promise<string> {
    const scratch = path.join(this.config.DATA_DIR, 'tmp');
    await fs.mkdir(scratch, { recursive: true });
    return path.join(scratch, name);
  }

  /**
   * A multi-track upload: every audio track of the ZIP at `zip`, checked like a single upload,
   * stored as the session's tracks (pushed to `tracks` as they are stored, so a failure can remove
   * them). The session lasts as long as its longest track.
   */
  private async unpackTracks(
    sessionId: string,
    zip: string,
    tracks: SessionTrack[],
    signal?: AbortSignal,
  ): Promise<AudioInfo> {
    const { storage } = this.platform;
    const dir = path.join(this.config.DATA_DIR, 'tmp', `tracks-${sessionId}`);
    try {
      const found = await extractAudioTracks(zip, dir, { maxBytes: this.config.UPLOAD_MAX_BYTES }, { signal });
      for (const [i, track] of found.entries()) {
        const trackKey = trackAudioKey(sessionId, i, path.extname(track.path));
        await storage.put(trackKey, createReadStream(track.path), { signal });
        tracks.push({ label: track.label, key: trackKey, durationMs: track.audio.durationMs });
      }
      return found.map((t) => t.audio).reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
    } catch (err) {
      if (err instanceof ZipRefusedError) throw badInput(err.message, 'audio');
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** The owner's campaign and room left in the plan; recipients and strangers get the policy's refusals. */
  private async admit(viewer: Viewer, user: User, campaignId: unknown): Promise<Campaign> {
    if (campaignId == null || (typeof campaignId === 'string' && campaignId.trim() === '')) {
      throw badInput(UPLOAD_MESSAGES.campaignRequired, 'campaign_id');
    }
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    // The spec blocks uploads only once nothing is left (can_upload); the pipeline charges the
    // real duration when processing starts, so a last long recording may go over the allowance.
    const { canUpload } = await this.usage.summary(user.id);
    if (!canUpload) throw new DomainError('QUOTA_EXCEEDED', UPLOAD_MESSAGES.quotaExceeded);
    return campaign;
  }

  /** The row exists only for an accepted file; if the workflow cannot start, the row goes again. */
  private async createSession(
    row: { id: string; title: string; playedOn: string; key: string; sizeBytes: number },
    campaign: Campaign,
    file: IncomingFile,
    audio: AudioInfo,
    tracks: SessionTrack[] | null,
  ): Promise<Session> {
    const { id, title, playedOn, key, sizeBytes } = row;
    return createQueuedSession(this.em, this.platform.workflows, campaign, {
      id,
      title,
      playedOn,
      originalFileName: file.fileName,
      mimeType: file.mimeType.split(';')[0].trim().toLowerCase() || null,
      sizeBytes,
      durationSeconds: audio.durationMs / 1000,
      storageKey: key,
      tracks,
    });
  }
}
