import { Field, ObjectType, registerEnumType } from 'type-graphql';

export enum SummaryWriterKind {
  OFFLINE = 'OFFLINE',
  LANGUAGE_MODEL = 'LANGUAGE_MODEL',
}
registerEnumType(SummaryWriterKind, {
  name: 'SummaryWriterKind',
  description: 'OFFLINE: picked from the transcript on this server; LANGUAGE_MODEL: written by a chat model',
});

/** Who wrote a session's generated summaries, so readers know an extract from a model's retelling. */
@ObjectType({ description: "Who wrote a session's generated summaries" })
export class SummaryWriter {
  @Field(() => SummaryWriterKind)
  kind!: SummaryWriterKind;

  @Field(() => String, { nullable: true, description: "The language model's name; null offline" })
  model!: string | null;
}
