import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Speaker } from '../cast';
import { TranscriptLine } from './transcript.type';

/** Who spoke each transcript line, as the campaign's cast names them. */
@Resolver(() => TranscriptLine)
export class LineSpeakerResolver {
  @FieldResolver(() => Speaker, {
    nullable: true,
    description: 'Who spoke the line (multi-track uploads know; single-track recordings only where the engine tells)',
  })
  speaker(@Root() line: TranscriptLine, @Ctx() ctx: GqlContext): Promise<Speaker | null> {
    return ctx.services.cast.speakerOf(line);
  }
}
