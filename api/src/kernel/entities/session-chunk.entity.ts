import { Entity, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import type { Session } from './session.entity';
import type { TimedWord, TranscriptSegment as EngineSegment } from '../../engines/speech-to-text/speech-to-text';

/**
 * One prepared slice of a session's audio and, once `done`, its transcription. The row is the
 * pipeline's memory: a retry or a crashed worker finds finished chunks here and does not pay for
 * them twice. Times are milliseconds; chunk segment and word times are relative to the chunk's
 * audio (`startMs`). A chunk's audio may start with a lead before its own part (`ownStartMs`): what
 * was heard in the lead belongs to the previous chunk and is dropped when the transcript is kept.
 */
@Entity({ tableName: 'session_chunks' })
@Unique({ properties: ['session', 'index'] })
export class SessionChunk extends BaseEntity {
  @ManyToOne('Session', { ref: true, deleteRule: 'cascade' })
  session!: Ref<Session>;

  @Property({ type: 'integer' })
  index!: number;

  /** Where the chunk's audio starts on the session's timeline, its lead included. */
  @Property({ type: 'integer' })
  startMs!: number;

  /** Where its own part starts (after its lead); null when the audio has no lead. */
  @Property({ type: 'integer', nullable: true })
  ownStartMs?: number | null;

  /** Of the chunk's audio, the lead included. */
  @Property({ type: 'integer' })
  durationMs!: number;

  /** The speaker of the track this chunk was cut from (multi-track uploads); null for one recording. */
  @Property({ type: 'string', length: 200, nullable: true })
  speaker?: string | null;

  /** The 16 kHz mono WAV of this chunk in audio storage (removed once the session is READY). */
  @Property({ type: 'string' })
  storageKey!: string;

  @Property({ type: 'boolean' })
  done: boolean & Opt = false;

  @Property({ type: 'text' })
  text: string & Opt = '';

  @Property({ type: 'json' })
  segments: EngineSegment[] & Opt = [];

  @Property({ type: 'json' })
  words: TimedWord[] & Opt = [];
}
