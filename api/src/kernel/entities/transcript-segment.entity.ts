import { Entity, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';
import type { Session } from './session.entity';

/**
 * One timestamped line of a session's transcript. Table talk stays in the transcript but is
 * marked, so summaries and Q&A skip it. The full-text vector (`search_vector`, GIN-indexed) is
 * written by the pipeline's index stage in SQL and not mapped here: nothing reads it as a value.
 */
@Entity({ tableName: 'transcript_segments' })
@Unique({ properties: ['session', 'position'] })
export class TranscriptSegment extends BaseEntity {
  @ManyToOne('Session', { ref: true, deleteRule: 'cascade' })
  session!: Ref<Session>;

  /** Order within the session (0-based). */
  @Property({ type: 'integer' })
  position!: number;

  /** From the start of the session's recording. */
  @Property({ type: 'integer' })
  startMs!: number;

  @Property({ type: 'integer' })
  endMs!: number;

  /** Who spoke, when an engine can tell (none of the current ones does). */
  @Property({ type: 'string', nullable: true })
  speaker?: string | null;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'boolean' })
  tableTalk: boolean & Opt = false;

  /** The owner keeps this line from the players the campaign is shared with (spoilers, secrets). */
  @Property({ type: 'boolean' })
  gmOnly: boolean & Opt = false;

  /** The line's words with their times, from the start of the recording; empty when the engine gave none. */
  @Property({ type: 'json' })
  words: TimedWord[] & Opt = [];
}
