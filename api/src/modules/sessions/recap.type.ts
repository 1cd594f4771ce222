import { Field, Float, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A sentence of a recap, with the transcript lines it was told from' })
export class RecapSentence {
  @Field(() => String)
  text!: string;

  @Field(() => [ID], { description: 'The transcript lines it comes from (TranscriptLine.id)' })
  lineIds!: string[];

  @Field(() => Float, { description: 'Where its first line starts, in milliseconds from the start' })
  startMs!: number;
}

@ObjectType({ description: 'One place or encounter of the night' })
export class RecapScene {
  @Field(() => String, { description: 'Where it happens (the place the narration names), else the encounter' })
  title!: string;

  @Field(() => Float)
  startMs!: number;

  @Field(() => Float)
  endMs!: number;

  @Field(() => [String], { description: 'The places named in the scene, the most named first' })
  where!: string[];

  @Field(() => [String], { description: "Who took part: the cast's characters, else the speaker labels" })
  people!: string[];

  @Field(() => [String], { description: 'People first met in this scene' })
  met!: string[];

  @Field(() => [RecapSentence], { description: 'What happened, in one to three sentences' })
  happened!: RecapSentence[];

  @Field(() => [RecapSentence], { description: 'Items found, choices made, promises given' })
  found!: RecapSentence[];

  @Field(() => Boolean, { description: 'A main scene: the brief and moderate summaries follow these' })
  main!: boolean;
}

@ObjectType({ description: 'The night as scenes; the three summaries are rendered from it' })
export class Recap {
  @Field(() => [RecapScene])
  scenes!: RecapScene[];

  @Field(() => [RecapSentence], { description: 'Quests and promises the night opened and did not settle' })
  threads!: RecapSentence[];
}
