import { Field, ID, Int, ObjectType } from 'type-graphql';
import { RecordingState } from '../../kernel/entities/recording.entity';
import type { RecordingView } from './recording.service';

/** Where a browser recording stands: what the recorder needs to go on sending parts. */
@ObjectType({ description: 'A session being recorded in the browser (its id is the session id)' })
export class RecordingStatus implements RecordingView {
  @Field(() => ID, { description: 'The recording id, which is also its session id' })
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => ID)
  campaignId!: string;

  @Field(() => RecordingState)
  state!: RecordingState;

  @Field(() => String, { description: 'What the browser records (e.g. audio/webm;codecs=opus)' })
  mimeType!: string;

  @Field(() => Int, { description: 'The segment parts go to: 0, and one more after each resume' })
  segment!: number;

  @Field(() => Int, { description: 'Parts of that segment received without a gap: the next part number to send' })
  partsReceived!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  lastPartAt!: Date | null;
}
