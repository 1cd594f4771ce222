import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

// Shapes only (docs/qa-contract.md): QaService validates content, so REST and GraphQL refuse alike.

@InputType({ description: 'Exactly one of sessionId / campaignId' })
export class AskInput {
  @Field(() => ID, { nullable: true })
  sessionId?: string | null;

  @Field(() => ID, { nullable: true })
  campaignId?: string | null;

  @Field(() => String, { description: 'Trimmed; non-blank; at most 1000 characters' })
  question!: string;
}

@ObjectType({ description: 'A retrieved transcript passage an answer rests on' })
export class Citation {
  @Field(() => ID)
  sessionId!: string;

  @Field(() => String)
  sessionTitle!: string;

  @Field(() => Int, { description: 'Where the quoted passage starts in the session audio' })
  startMs!: number;

  @Field(() => Int)
  endMs!: number;

  @Field(() => String, { description: 'The passage text, as retrieved' })
  quote!: string;

  @Field(() => Boolean, {
    description: 'The quote starts on a line marked table talk: said at the table, not in the story',
  })
  tableTalk!: boolean;
}

@ObjectType()
export class Answer {
  @Field(() => String, { description: 'The answer; says plainly when nothing relevant was found' })
  text!: string;

  @Field(() => Boolean, { description: 'False when no relevant passage was retrieved' })
  found!: boolean;

  @Field(() => [Citation])
  citations!: Citation[];
}
