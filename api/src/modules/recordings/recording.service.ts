import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import type { Config } from '../../config/config';
import { requireUser, type Policy } from '../../policy/policy';
import { byteLimit } from '../../storage/byte-counter';
import { withLocalFile } from '../../storage/local-copy';
import type { AudioStorage } from '../../storage/storage';
import type { Viewer } from '../../kernel/viewer';
import { touch } from '../../kernel/entities/campaign.entity';
import { DomainError, badInput, notFound } from '../../kernel/errors';
import { SESSION_TITLE_MAX, Session, SessionStatus } from '../../kernel/entities/session.entity';
import { UPLOAD_MESSAGES } from '../uploads';
import type { UsageService } from '../usage';
import { startsWithAudio } from './part-check';
import { Recording, RecordingSegment, RecordingState } from '../../kernel/entities/recording.entity';
import {
  MAX_PART_NUMBER,
  MAX_SEGMENTS,
  RECORDING_MESSAGES,
  defaultTitle,
  recordedType,
  recordingPartKey,
} from './recording.rules';
import type { RecordingStore } from './recording-store';
import { signalRecording } from './recording-workflow';

export interface StartRecordingInput {
  campaignId: unknown;
  title?: unknown;
  mimeType: unknown;
}

/** Where a recording stands, as the client needs it to go on: the segment to send to and its next part. */
export interface RecordingView {
  id: string;
  title: string;
  campaignId: string;
  state: RecordingState;
  mimeType: string;
  segment: number;
  partsReceived: number;
  createdAt: Date;
  lastPartAt: Date | null;
}

export interface IncomingPart {
  body: Readable;
  /** Aborted when the client goes away: a part cut off is not kept. */
  signal?: AbortSignal;
}

const conflict = (message: string) => new DomainError('CONFLICT', message);
const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', RECORDING_MESSAGES.tooLarge);

/**
 * Recording in the browser: a recording is a session whose audio arrives in numbered parts while
 * the game goes on (owner only, through the policy). Each part is stored once whatever retries
 * send; the recording workflow cuts and transcribes what arrived and, once stopped, hands the
 * session to the usual processing.
 */
export class RecordingService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
    private readonly platform: { storage: AudioStorage; workflows: WorkflowClient },
    private readonly policy: Policy,
    private readonly usage: UsageService,
    private readonly store: RecordingStore,
  ) {}

  private get abandonAfterMs() {
    return this.config.RECORDING_ABANDON_SECONDS * 1000;
  }

  /** A new recording in one of the viewer's campaigns; refused when the plan has no hours left. */
  async start(viewer: Viewer, input: StartRecordingInput): Promise<RecordingView> {
    const user = requireUser(viewer);
    if (input.campaignId == null || input.campaignId === '') {
      throw badInput(UPLOAD_MESSAGES.campaignRequired, 'campaign_id');
    }
    const campaign = await this.policy.ownCampaign(viewer, input.campaignId);
    const mimeType = recordedType(input.mimeType);
    if (!mimeType) throw badInput(RECORDING_MESSAGES.unsupportedType, 'mime_type');
    const title = typeof input.title === 'string' && input.title.trim() ? input.title.trim() : defaultTitle();
    if (title.length > SESSION_TITLE_MAX) throw badInput(RECORDING_MESSAGES.titleLength, 'title');
    await this.requireHoursLeft(user.id);

    const session = this.em.create(Session, {
      campaign: ref(campaign),
      title,
      status: SessionStatus.PROCESSING,
      stage: 'recording',
      progress: 0,
      originalFileName: `${title.replace(/[\\/]/g, '-')}.webm`,
      mimeType: mimeType.split(';')[0].toLowerCase(),
    });
    this.em.create(Recording, { session: ref(session), mimeType });
    this.em.create(RecordingSegment, { recording: session.id, index: 0 });
    touch(campaign);
    await this.em.flush();
    try {
      await signalRecording(this.platform.workflows, session.id, this.abandonAfterMs, 'partArrived');
    } catch (err) {
      await this.em.remove(session).flush();
      throw err;
    }
    return this.view(session.id);
  }

  /** Where the viewer's recording stands (owner only; anyone else is told it does not exist). */
  async get(viewer: Viewer, id: unknown): Promise<RecordingView> {
    const session = await this.policy.ownSession(viewer, id);
    return this.view(session.id);
  }

  /** The viewer's recordings still open for parts (a closed tab leaves one): to resume or finish. */
  async unfinished(viewer: Viewer): Promise<RecordingView[]> {
    const user = requireUser(viewer);
    const recordings = await this.em.find(
      Recording,
      { state: RecordingState.RECORDING, session: { campaign: { owner: user.id } } },
      { orderBy: { createdAt: 'desc' } },
    );
    return Promise.all(recordings.map((r) => this.view(r.session.id)));
  }

  /**
   * Stores part `number` of segment `segment`. A part that arrived before is answered as received
   * without storing it again (the client retries after a lost answer); the first part of a segment
   * must start an audio container. Returns the recording with how many parts arrived in a row.
   */
  async addPart(viewer: Viewer, id: unknown, segment: unknown, number: unknown, part: IncomingPart) {
    const sessionId = (await this.policy.ownSession(viewer, id)).id;
    const recording = await this.requireRecording(sessionId);
    const partNumber = wholeNumber(number, MAX_PART_NUMBER);
    const segmentNumber = wholeNumber(segment, MAX_SEGMENTS);
    if (recording.state !== RecordingState.RECORDING) throw conflict(RECORDING_MESSAGES.finished);
    const { store } = this;
    const current = await store.currentSegment(sessionId);
    if (segmentNumber > current) throw badInput(RECORDING_MESSAGES.noSegment);
    if (segmentNumber < current) throw conflict(RECORDING_MESSAGES.closedSegment);
    if (!(await store.hasPart(sessionId, segmentNumber, partNumber))) {
      const key = recordingPartKey(sessionId, segmentNumber, partNumber);
      const size = await this.storePart(key, partNumber === 0, part);
      await store.addPart(sessionId, segmentNumber, partNumber, size, key);
      await signalRecording(this.platform.workflows, sessionId, this.abandonAfterMs, 'partArrived');
    }
    return this.view(sessionId);
  }

  /** Resume after a closed tab or a crash: later parts go to a new segment (a new MediaRecorder stream). */
  async resume(viewer: Viewer, id: unknown): Promise<RecordingView> {
    const user = requireUser(viewer);
    const sessionId = (await this.policy.ownSession(viewer, id)).id;
    const recording = await this.requireRecording(sessionId);
    if (recording.state !== RecordingState.RECORDING) throw conflict(RECORDING_MESSAGES.finished);
    await this.requireHoursLeft(user.id);
    const segment = await this.store.openSegment(sessionId);
    if (segment >= MAX_SEGMENTS) throw conflict(RECORDING_MESSAGES.finished);
    // The previous segment is complete now: the workflow may cut it to its end.
    await signalRecording(this.platform.workflows, sessionId, this.abandonAfterMs, 'partArrived');
    return this.view(sessionId);
  }

  /** Stop: no more parts; what arrived becomes the session (READY about a minute later). Repeating it is harmless. */
  async finish(viewer: Viewer, id: unknown): Promise<RecordingView> {
    const sessionId = (await this.policy.ownSession(viewer, id)).id;
    const recording = await this.requireRecording(sessionId);
    // Signalled again while FINISHING: a first signal that never reached the workflow is not lost.
    if (recording.state !== RecordingState.FINISHED) {
      await this.store.stop(sessionId);
      await signalRecording(this.platform.workflows, sessionId, this.abandonAfterMs, 'finish');
    }
    return this.view(sessionId);
  }

  private async requireRecording(sessionId: string): Promise<Recording> {
    const recording = await this.store.find(sessionId);
    if (!recording) throw notFound(RECORDING_MESSAGES.notFound);
    return recording;
  }

  private async requireHoursLeft(userId: string): Promise<void> {
    const { canUpload } = await this.usage.summary(userId);
    if (!canUpload) throw new DomainError('QUOTA_EXCEEDED', UPLOAD_MESSAGES.quotaExceeded);
  }

  /** Streams the part to storage within the size cap; checks a first part's container; keeps nothing refused. */
  private async storePart(key: string, first: boolean, part: IncomingPart): Promise<number> {
    const { storage } = this.platform;
    const limited = pipeline(part.body, byteLimit(this.config.RECORDING_PART_MAX_BYTES, tooLarge), () => undefined);
    try {
      const { size } = await storage.put(key, limited, { signal: part.signal });
      if (size === 0) throw badInput(RECORDING_MESSAGES.emptyPart);
      if (first) {
        const scratch = path.join(this.config.DATA_DIR, 'tmp');
        const audio = await withLocalFile(storage, key, scratch, (file) => startsWithAudio(file, part.signal));
        if (!audio) throw badInput(RECORDING_MESSAGES.notAudio);
      }
      return size;
    } catch (err) {
      await storage.delete(key);
      throw err;
    }
  }

  private async view(sessionId: string): Promise<RecordingView> {
    const recording = await this.em.findOneOrFail(
      Recording,
      { session: sessionId },
      { populate: ['session'], refresh: true },
    );
    const session = recording.session.getEntity();
    const segment = await this.store.currentSegment(sessionId);
    return {
      id: sessionId,
      title: session.title,
      campaignId: session.campaign.id,
      state: recording.state,
      mimeType: recording.mimeType,
      segment,
      partsReceived: await this.store.partsReceived(sessionId, segment),
      createdAt: recording.createdAt,
      lastPartAt: recording.lastPartAt ?? null,
    };
  }
}

/** A part or segment number from a URL: a whole number from 0 to `max`. */
function wholeNumber(value: unknown, max: number): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > max) throw badInput(RECORDING_MESSAGES.badPart);
  return n;
}
