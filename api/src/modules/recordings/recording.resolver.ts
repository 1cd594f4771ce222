import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { RecordingStatus } from './recording.type';

/**
 * Recording in the browser over GraphQL; the parts themselves (binary) go to
 * POST /api/recordings/{id}/segments/{segment}/parts/{number}/. Same service and messages as REST.
 */
@Resolver()
export class RecordingResolver {
  @Mutation(() => RecordingStatus, {
    description: 'Starts recording into a campaign the caller owns; refused when the plan has no hours left.',
  })
  startRecording(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('mimeType', () => String) mimeType: string,
    @Arg('title', () => String, { nullable: true }) title: string | null,
    @Ctx() ctx: GqlContext,
  ): Promise<RecordingStatus> {
    return ctx.services.recordings.start(ctx.viewer, { campaignId, mimeType, title });
  }

  @Query(() => RecordingStatus, { description: "Where one of the caller's recordings stands" })
  recording(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<RecordingStatus> {
    return ctx.services.recordings.get(ctx.viewer, id);
  }

  @Query(() => [RecordingStatus], {
    description: "The caller's recordings still open (a closed tab or a crash left them): resume or finish them",
  })
  unfinishedRecordings(@Ctx() ctx: GqlContext): Promise<RecordingStatus[]> {
    return ctx.services.recordings.unfinished(ctx.viewer);
  }

  @Mutation(() => RecordingStatus, { description: 'Goes on recording into the same session, as a new segment' })
  resumeRecording(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<RecordingStatus> {
    return ctx.services.recordings.resume(ctx.viewer, id);
  }

  @Mutation(() => RecordingStatus, {
    description: 'Stops the recording: what arrived becomes the session, READY about a minute later',
  })
  finishRecording(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<RecordingStatus> {
    return ctx.services.recordings.finish(ctx.viewer, id);
  }
}
