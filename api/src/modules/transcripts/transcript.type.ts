import { Field, ID, Int, ObjectType } from 'type-graphql';

/** A transcript line as the schema shows it: its moment in the recording, its text, whether it is table talk. */
@ObjectType({ description: 'One timed line of a session transcript, in transcript order' })
export class TranscriptLine {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'Order within the session, from 0' })
  position!: number;

  @Field(() => Int, { description: 'Milliseconds from the start of the recording' })
  startMs!: number;

  @Field(() => Int, { description: 'Milliseconds from the start of the recording' })
  endMs!: number;

  @Field(() => String)
  text!: string;

  @Field(() => Boolean, { description: 'Out-of-game talk: kept in the transcript, skipped by summaries and Q&A' })
  tableTalk!: boolean;

  @Field(() => Boolean, { description: "GM only: players the campaign is shared with don't see the line" })
  gmOnly!: boolean;

  /** Not fields: what the `speaker` field resolver (modules/cast) looks the speaker up by. */
  sessionId!: string;
  speakerLabel!: string | null;
}
