import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { EntryKind } from '../../engines/campaign-index/kinds';

export enum IndexEntryKind {
  CHARACTER = 'character',
  NPC = 'npc',
  PLACE = 'place',
  ITEM = 'item',
  FACTION = 'faction',
  QUEST = 'quest',
  OTHER = 'other',
}
/** Each kind as a reader sees it written (exports, the vault's notes). */
export const INDEX_KIND_WORDS: Record<IndexEntryKind, string> = {
  [IndexEntryKind.CHARACTER]: 'Character',
  [IndexEntryKind.NPC]: 'NPC',
  [IndexEntryKind.PLACE]: 'Place',
  [IndexEntryKind.ITEM]: 'Item',
  [IndexEntryKind.FACTION]: 'Faction',
  [IndexEntryKind.QUEST]: 'Quest',
  [IndexEntryKind.OTHER]: 'Other',
};

/** The schema's kinds are the engine's (kinds.ts): a kind added to one list only fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKinds: Same<`${IndexEntryKind}`, EntryKind> = true;
void sameKinds;

registerEnumType(IndexEntryKind, {
  name: 'IndexEntryKind',
  description: "What an index entry names: a player's character, a non-player character, a place, …",
});

@ObjectType({ description: 'A session an index entry appears in' })
export class IndexSessionRef {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;
}

@ObjectType({ description: 'One place a transcript names an index entry' })
export class IndexMention {
  @Field(() => ID, { description: 'The transcript line (TranscriptLine.id)' })
  lineId!: string;

  @Field(() => IndexSessionRef)
  session!: IndexSessionRef;

  @Field(() => Int, { description: "The line's start in the recording, in milliseconds" })
  startMs!: number;

  @Field(() => String, { description: 'The name as the line says it' })
  text!: string;

  @Field(() => String, { description: "The line's whole text" })
  lineText!: string;
}

@ObjectType({ description: "A person, place or thing the campaign's transcripts name, with every mention" })
export class IndexEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "The owner's name for it, or the one the transcripts use most" })
  name!: string;

  @Field(() => String, { description: 'The name as found in the transcripts' })
  foundName!: string;

  @Field(() => IndexEntryKind)
  kind!: IndexEntryKind;

  @Field(() => String, {
    description:
      'The sentences that say most about it, or (INDEX_ENGINE=openai) a description a chat model wrote from them',
  })
  description!: string;

  @Field(() => String, { description: "The owner's notes" })
  notes!: string;

  @Field(() => Boolean, {
    description: 'Hidden by the owner: only the owner sees it, and only when asking for hidden entries',
  })
  hidden!: boolean;

  @Field(() => Boolean, { description: 'GM-only: recipients never see it' })
  gmOnly!: boolean;

  @Field(() => [String], { description: 'Other spellings and forms the transcripts use' })
  variants!: string[];

  @Field(() => Int)
  mentionCount!: number;

  @Field(() => IndexSessionRef, { nullable: true })
  firstSession!: IndexSessionRef | null;

  @Field(() => IndexSessionRef, { nullable: true })
  lastSession!: IndexSessionRef | null;
}

@InputType({ description: 'What to change about an index entry; a field left out stays, null restores what was found' })
export class IndexEntryInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => IndexEntryKind, { nullable: true })
  kind?: IndexEntryKind | null;

  @Field(() => Boolean, { nullable: true })
  hidden?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  gmOnly?: boolean | null;

  @Field(() => String, { nullable: true })
  notes?: string | null;
}

@ObjectType({ description: 'A quest taken or a promise made that no later line settles' })
export class OpenThread {
  @Field(() => String, { description: '"quest" or "promise"' })
  kind!: string;

  @Field(() => String, {
    description: 'The sentence that opened it, or (INDEX_ENGINE=openai) one a chat model wrote from the sessions',
  })
  text!: string;

  @Field(() => IndexSessionRef)
  session!: IndexSessionRef;

  @Field(() => ID, { description: 'The transcript line it was said in (for a written thread, the closest line)' })
  lineId!: string;

  @Field(() => Int)
  startMs!: number;
}

@ObjectType({ description: '"Previously on…": the last session in brief and what is still open' })
export class CampaignRecap {
  @Field(() => IndexSessionRef, { nullable: true, description: 'The last session played' })
  lastSession!: IndexSessionRef | null;

  @Field(() => String, { description: "The last session's brief summary (may hold HTML)" })
  briefSummary!: string;

  @Field(() => [OpenThread])
  openThreads!: OpenThread[];
}
