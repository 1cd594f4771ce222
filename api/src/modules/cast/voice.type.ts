import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Speaker } from './cast.type';

/** One voice heard in a session, as the GM checks it (no voice print: that stays in the database). */
@ObjectType({ description: 'Owner only: one voice heard in a session, with what the GM needs to tell who it is' })
export class SessionVoice {
  @Field(() => Speaker)
  speaker!: Speaker;

  @Field(() => Float, { description: "Seconds of the session's lines this voice said" })
  talkSeconds!: number;

  @Field(() => Int, { description: "How many of the session's lines are this voice's" })
  lineCount!: number;

  @Field(() => Int, {
    description: 'Where the voice talks longest (its longest line begins, ms): five seconds from there are its sample',
  })
  sampleStartMs!: number;

  @Field(() => ID, { description: 'That longest line' })
  sampleLineId!: string;

  @Field(() => Speaker, {
    nullable: true,
    description:
      "An unclear match: the cast's known voice this new, still unnamed one sounds closest to (merge the two if it is)",
  })
  closestKnown!: Speaker | null;
}
