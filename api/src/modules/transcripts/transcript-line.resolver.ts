import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { TranscriptLine } from './transcript.type';

/** The owner's corrections of single transcript lines. */
@Resolver(() => TranscriptLine)
export class TranscriptLineResolver {
  @Mutation(() => TranscriptLine, {
    description:
      "Owner only: marks a line table talk or in game. Q&A follows at once; the session's and campaign's " +
      'summaries are written again shortly after (the session shows stage "summarize" meanwhile); the ' +
      "campaign's table-talk filter learns from it for its next sessions",
  })
  setLineTableTalk(
    @Arg('lineId', () => ID) lineId: string,
    @Arg('tableTalk', () => Boolean) tableTalk: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<TranscriptLine> {
    return ctx.services.transcriptLines.setTableTalk(ctx.viewer, lineId, tableTalk);
  }

  @Mutation(() => TranscriptLine, {
    description:
      'Owner only: keeps a line from the players the campaign is shared with (GM only), or shares it again. ' +
      'Recipients never read a GM-only line: not in the transcript, exports, the index or Q&A answers; the ' +
      "session's summaries, written only from lines everyone may read, follow shortly after",
  })
  setLineGmOnly(
    @Arg('lineId', () => ID) lineId: string,
    @Arg('gmOnly', () => Boolean) gmOnly: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<TranscriptLine> {
    return ctx.services.transcriptLines.setGmOnly(ctx.viewer, lineId, gmOnly);
  }

  @Mutation(() => TranscriptLine, {
    description:
      "Owner only: replaces one line's text (whitespace squeezed to single spaces; empty text is refused: " +
      'remove lines by editing the full transcript). Unchanged words keep their times; the line is re-indexed ' +
      "for Q&A, names spelled out in place of others join the campaign's vocabulary, and the summaries, the " +
      "campaign's and its index follow shortly after (stage `summarize` while they are written)",
  })
  editTranscriptLine(
    @Arg('lineId', () => ID) lineId: string,
    @Arg('text', () => String) text: string,
    @Ctx() ctx: GqlContext,
  ): Promise<TranscriptLine> {
    return ctx.services.transcriptLines.editText(ctx.viewer, lineId, text);
  }
}
