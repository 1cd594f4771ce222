import { ArgsType, Field, ID } from 'type-graphql';
import { LocalDateScalar } from '../sessions';

/** What a session made from a file (a recording, a transcript) takes besides the file itself. */
@ArgsType()
export class SessionFileArgs {
  @Field(() => ID)
  campaignId!: string;

  @Field(() => String, { nullable: true, description: 'Default: the file name without its extension' })
  title?: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The day it was played; default today' })
  playedOn?: string | null;
}
