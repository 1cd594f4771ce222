import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { SpeakerRole } from '../../kernel/entities/speaker.entity';

/** A voice of the campaign's cast as the schema shows it. */
@ObjectType({ description: "One voice of a campaign's cast: a recording's speaker label and who it is" })
export class Speaker {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description:
      'The speaker as the recording names them: a track\'s file name ("1-sam.flac" → "sam") or the engine\'s label',
  })
  label!: string;

  @Field(() => String, { nullable: true })
  playerName!: string | null;

  @Field(() => String, { nullable: true })
  characterName!: string | null;

  @Field(() => SpeakerRole)
  role!: SpeakerRole;

  @Field(() => String, {
    description:
      'How transcripts show the speaker: the character with the player in brackets ("Lyra (Sam)"), "GM", or the label',
  })
  displayName!: string;
}

@InputType({ description: 'What to change about a speaker; a field left out stays, an empty name clears it' })
export class SpeakerInput {
  @Field(() => String, { nullable: true })
  playerName?: string | null;

  @Field(() => String, { nullable: true })
  characterName?: string | null;

  @Field(() => SpeakerRole, { nullable: true })
  role?: SpeakerRole | null;
}

@ObjectType({ description: "A campaign's cast after a change (a speaker named, or new voices heard)" })
export class CastUpdate {
  @Field(() => ID)
  campaignId!: string;

  @Field(() => [Speaker])
  cast!: Speaker[];
}
