import { ArrayType, BigIntType, Entity, Enum, Index, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import type { Campaign } from './campaign.entity';

/** A recap as stored (the engine's Recap, kept as JSON). */
export interface StoredRecap {
  scenes: Array<{
    title: string;
    startMs: number;
    endMs: number;
    where: string[];
    people: string[];
    met: string[];
    happened: Array<{ text: string; lineIds: string[]; startMs: number }>;
    found: Array<{ text: string; lineIds: string[]; startMs: number }>;
    main: boolean;
  }>;
  threads: Array<{ text: string; lineIds: string[]; startMs: number }>;
}

export const SESSION_TITLE_MAX = 200;

/** PROCESSING while the pipeline runs, READY when finished (the spec's "otherwise finished"), FAILED when it gave up. */
export enum SessionStatus {
  PROCESSING = 'PROCESSING',
  READY = 'READY',
  FAILED = 'FAILED',
}

registerEnumType(SessionStatus, { name: 'SessionStatus' });

/** A played game session: its audio, where processing stands, and the text made from it. */
/** One speaker's track of a multi-track upload. */
export interface SessionTrack {
  /** The speaker, from the track's file name ("1-sam.flac" → "sam"). */
  label: string;
  key: string;
  durationMs: number;
}

// simpleResolvers: the plain fields are read straight off the object (no per-field wrapper; lists
// show hundreds of them), as there are no type-graphql middlewares or auth rules to apply.
@ObjectType({ description: 'A played game session (the REST API calls it a "transcript").', simpleResolvers: true })
@Entity({ tableName: 'sessions' })
@Index({ properties: ['campaign', 'createdAt'] })
export class Session extends BaseEntity {
  @Field(() => ID)
  declare id: string;

  @Field(() => Date)
  declare createdAt: Date & Opt;

  @Field(() => Date)
  declare updatedAt: Date & Opt;

  // Restrict, not cascade: a campaign is deleted only once it is empty, and a session uploaded
  // while the delete runs must make the delete fail rather than vanish with it.
  @ManyToOne('Campaign', { ref: true, deleteRule: 'restrict' })
  campaign!: Ref<Campaign>;

  @Field(() => String)
  @Property({ type: 'string', length: SESSION_TITLE_MAX })
  title!: string;

  @Field(() => SessionStatus)
  @Enum({ items: () => SessionStatus })
  status: SessionStatus & Opt = SessionStatus.PROCESSING;

  @Field(() => String, {
    nullable: true,
    description:
      'Pipeline stage while PROCESSING (probe, transcribe, …); "summarize" on a READY session while its ' +
      'summaries are written again after corrections',
  })
  @Property({ type: 'string', nullable: true })
  stage?: string | null;

  @Field(() => Float, { description: 'Processing progress from 0 to 1' })
  @Property({ type: 'double' })
  progress: number & Opt = 0;

  @Field(() => String, { nullable: true, description: 'Why processing failed, in words a user can read' })
  @Property({ type: 'text', nullable: true })
  failureReason?: string | null;

  @Field(() => String)
  @Property({ type: 'string' })
  originalFileName!: string;

  /** The day it was played, YYYY-MM-DD (GraphQL: SessionResolver.playedOn); null for older sessions. */
  @Property({ type: 'date', nullable: true })
  playedOn?: string | null;

  @Field(() => Float, { nullable: true })
  @Property({ type: 'double', nullable: true })
  durationSeconds?: number | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', nullable: true })
  mimeType?: string | null;

  @Field(() => Float, { nullable: true })
  @Property({ type: new BigIntType('number'), nullable: true })
  sizeBytes?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The transcript format (vtt, srt, text) a session was imported from; null for recorded audio',
  })
  @Property({ type: 'string', length: 8, nullable: true })
  importedFrom?: 'vtt' | 'srt' | 'text' | null;

  /** Where the audio file lives in storage; null once removed or before it is stored. */
  @Property({ type: 'string', nullable: true })
  storageKey?: string | null;

  /**
   * A multi-track upload's tracks (one speaker each, all on one timeline), in the order of the
   * ZIP; null for one recording. `storageKey` is then the first track's.
   */
  @Property({ type: 'json', nullable: true })
  tracks?: SessionTrack[] | null;

  /** The summaries reach the schema through SessionResolver, which keeps GM-only ones from recipients. */
  @Property({ type: 'text' })
  briefSummary: string & Opt = '';

  @Property({ type: 'text' })
  moderateSummary: string & Opt = '';

  @Property({ type: 'text' })
  detailedSummary: string & Opt = '';

  /**
   * The summaries the owner rewrote by hand (briefSummary, moderateSummary, detailedSummary):
   * regenerating them (a table-talk correction, a retry) leaves these as the owner wrote them.
   */
  @Property({ type: ArrayType })
  editedSummaries: string[] & Opt = [];

  /**
   * The owner keeps this session's summaries from the players the campaign is shared with: to them
   * they read empty, and the campaign's summaries leave the session out.
   */
  @Field(() => Boolean, { description: "GM only: players the campaign is shared with don't see the summaries" })
  @Property({ type: 'boolean' })
  summariesGmOnly: boolean & Opt = false;

  /**
   * Lazy: a four-hour night is a few hundred KB, and lists of sessions (the sidebar, the dashboard)
   * never show it. Read it through SessionService.fullTranscript (GraphQL's field, REST details).
   */
  @Property({ type: 'text', lazy: true })
  fullTranscript: string & Opt = '';

  @Property({ type: 'text' })
  summaryVeryShort: string & Opt = '';

  /**
   * The night as scenes (engines/summaries/recap.ts) the generated summaries are rendered from,
   * each sentence with its lines; built from lines every reader may read. Lazy, like the
   * transcript: lists never show it. Read it through SessionService.recap.
   */
  @Property({ type: 'json', lazy: true, nullable: true })
  recap: Opt<StoredRecap> | null = null;

  /**
   * Who wrote the generated summaries: the offline extractive recap, or a language model named by
   * summaryModel. Null before the first summaries. Read through SessionResolver.summaryWriter.
   */
  @Property({ type: 'text', nullable: true })
  summaryWriter: Opt<'offline' | 'model'> | null = null;

  @Property({ type: 'text', nullable: true })
  summaryModel: Opt<string> | null = null;
}
