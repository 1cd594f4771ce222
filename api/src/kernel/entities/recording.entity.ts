import {
  BigIntType,
  Entity,
  Enum,
  ManyToOne,
  OneToOne,
  PrimaryKeyProp,
  Property,
  type Opt,
  type Ref,
} from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import type { Session } from './session.entity';

/** RECORDING while parts may arrive; FINISHING once stopped (or abandoned); FINISHED once assembled into the session's audio. */
export enum RecordingState {
  RECORDING = 'RECORDING',
  FINISHING = 'FINISHING',
  FINISHED = 'FINISHED',
}

registerEnumType(RecordingState, { name: 'RecordingState' });

/**
 * A session being recorded in the browser, keyed by its session. Its audio arrives in numbered
 * parts (byte slices of one MediaRecorder stream per segment; a resumed recording is a new segment)
 * and is cut into chunks for transcription while the recording goes on.
 */
@Entity({ tableName: 'recordings' })
export class Recording {
  [PrimaryKeyProp]?: 'session';

  @OneToOne('Session', { ref: true, primary: true, deleteRule: 'cascade' })
  session!: Ref<Session>;

  @Enum({ items: () => RecordingState })
  state: RecordingState & Opt = RecordingState.RECORDING;

  /** What the browser's MediaRecorder said it writes (e.g. audio/webm;codecs=opus). */
  @Property({ type: 'string' })
  mimeType!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  lastPartAt?: Date | null;
}

/**
 * One MediaRecorder stream of a recording. Its chunks are cut from `cutMs` on (segment-relative);
 * once a later segment exists or the recording finishes it is cut to its end and `durationMs` set:
 * on the session's timeline a segment starts where the ones before it end.
 */
@Entity({ tableName: 'recording_segments' })
export class RecordingSegment {
  [PrimaryKeyProp]?: ['recording', 'index'];

  @ManyToOne('Recording', { ref: true, primary: true, deleteRule: 'cascade' })
  recording!: Ref<Recording>;

  @Property({ type: 'integer', primary: true })
  index!: number;

  @Property({ type: 'integer' })
  cutMs: number & Opt = 0;

  @Property({ type: 'integer', nullable: true })
  durationMs?: number | null;
}

/** A stored part: bytes `number` of its segment's stream (0-based); stored once, whatever retries send. */
@Entity({ tableName: 'recording_parts' })
export class RecordingPart {
  [PrimaryKeyProp]?: ['recording', 'segment', 'number'];

  @ManyToOne('Recording', { ref: true, primary: true, deleteRule: 'cascade' })
  recording!: Ref<Recording>;

  @Property({ type: 'integer', primary: true })
  segment!: number;

  @Property({ type: 'integer', primary: true })
  number!: number;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ type: 'string' })
  storageKey!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt: Date & Opt = new Date();
}
