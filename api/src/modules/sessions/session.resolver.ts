import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, registerEnumType } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Campaign } from '../../kernel/entities/campaign.entity';
import type { SessionListItem, CampaignView } from '../campaigns';
import { TranscriptLine } from '../transcripts';
import { isoDay, LocalDateScalar } from './played-on';
import { Session } from '../../kernel/entities/session.entity';
import type { SessionSummaryField } from './session.service';
import { Recap } from './recap.type';
import { SummaryWriter } from './summary-writer.type';

/** The four editable texts of a session, named as the REST API names them (docs/product.md#plans-and-limits). */
export enum SessionContentField {
  BRIEF_SUMMARY = 'briefSummary',
  MODERATE_SUMMARY = 'moderateSummary',
  DETAILED_SUMMARY = 'detailedSummary',
  FULL_TRANSCRIPT = 'fullTranscript',
}

registerEnumType(SessionContentField, { name: 'SessionContentField' });

@Resolver(() => Session)
export class SessionResolver {
  @Query(() => Session, { description: 'A session of a campaign the caller owns or received; NOT_FOUND otherwise' })
  async session(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<Session> {
    return (await ctx.services.sessions.read(ctx.viewer, id)).session;
  }

  @Mutation(() => Session)
  renameSession(
    @Arg('id', () => ID) id: string,
    @Arg('title', () => String) title: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    return ctx.services.sessions.rename(ctx.viewer, id, title);
  }

  @Query(() => [Session], {
    description: "The newest uploads across the caller's own and shared campaigns, newest first (at most 20)",
  })
  latestSessions(
    @Arg('limit', () => Int, { defaultValue: 5 }) limit: number,
    @Ctx() ctx: GqlContext,
  ): Promise<Session[]> {
    return ctx.services.sessions.latest(ctx.viewer, limit);
  }

  @Mutation(() => Session, { description: 'Sets the day the session was played (owner only)' })
  updateSessionPlayedOn(
    @Arg('id', () => ID) id: string,
    @Arg('playedOn', () => LocalDateScalar) playedOn: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    return ctx.services.sessions.setPlayedOn(ctx.viewer, id, playedOn);
  }

  @Mutation(() => Session, { description: 'Into another campaign the caller owns' })
  moveSession(
    @Arg('id', () => ID) id: string,
    @Arg('campaignId', () => ID) campaignId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    return ctx.services.sessions.move(ctx.viewer, id, campaignId);
  }

  @Mutation(() => Boolean, { description: "Needs the owner's password; removes the session and its content" })
  async deleteSession(
    @Arg('id', () => ID) id: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.sessions.delete(ctx.viewer, id, password);
    return true;
  }

  @Mutation(() => Session, {
    description: 'Replaces one summary or the full transcript exactly as sent (may hold HTML)',
  })
  updateSessionContent(
    @Arg('id', () => ID) id: string,
    @Arg('field', () => SessionContentField) field: SessionContentField,
    @Arg('text', () => String) text: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    return ctx.services.sessions.updateContent(ctx.viewer, id, field, text);
  }

  @FieldResolver(() => LocalDateScalar, {
    description: 'The day it was played; its upload day (UTC) when none was given',
  })
  playedOn(@Root() session: Session | SessionListItem): string {
    return session.playedOn ?? isoDay(session.createdAt);
  }

  @FieldResolver(() => String, {
    description: 'The whole transcript, table talk included; to a recipient, without GM-only lines',
  })
  async fullTranscript(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<string> {
    return ctx.services.sessions.fullTranscript(session, await ctx.services.sessions.roleIn(ctx.viewer, session));
  }

  @FieldResolver(() => String, {
    description: "Stored exactly as sent; may hold HTML. Empty to a recipient while it's GM-only",
  })
  briefSummary(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<string> {
    return this.summary(session, ctx, 'briefSummary');
  }

  @FieldResolver(() => String, { description: "Empty to a recipient while it's GM-only" })
  moderateSummary(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<string> {
    return this.summary(session, ctx, 'moderateSummary');
  }

  @FieldResolver(() => String, { description: "Empty to a recipient while it's GM-only" })
  detailedSummary(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<string> {
    return this.summary(session, ctx, 'detailedSummary');
  }

  @FieldResolver(() => String, {
    description: "One line saying what happened. Empty to a recipient while it's GM-only",
  })
  summaryVeryShort(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<string> {
    return this.summary(session, ctx, 'summaryVeryShort');
  }

  @FieldResolver(() => Recap, {
    nullable: true,
    description:
      'The night as scenes, each sentence with its lines; the summaries are rendered from it. Null before the ' +
      "first summaries, and to a recipient while they are GM-only; a recipient's holds no sentence of a GM-only line",
  })
  async recap(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<Recap | null> {
    return ctx.services.sessions.recap(session, await ctx.services.sessions.roleIn(ctx.viewer, session));
  }

  @FieldResolver(() => [SessionContentField], {
    description: 'The summaries the owner rewrote by hand: these read as written, not as rendered from the recap',
  })
  editedSummaries(@Root() session: Session | SessionListItem): SessionContentField[] {
    const fields = Object.values(SessionContentField) as string[];
    return session.editedSummaries.filter((f) => fields.includes(f)) as SessionContentField[];
  }

  @FieldResolver(() => SummaryWriter, {
    nullable: true,
    description:
      'Who wrote the generated summaries; null before the first ones, and to a recipient while they are GM-only',
  })
  async summaryWriter(
    @Root() session: Session | SessionListItem,
    @Ctx() ctx: GqlContext,
  ): Promise<SummaryWriter | null> {
    return ctx.services.sessions.summaryWriter(session, await ctx.services.sessions.roleIn(ctx.viewer, session));
  }

  @Mutation(() => Session, {
    description:
      "Owner only: keeps the session's summaries from the players the campaign is shared with (they read them " +
      "empty, and the campaign's summaries leave the session out), or shares them again",
  })
  setSessionSummariesGmOnly(
    @Arg('id', () => ID) id: string,
    @Arg('gmOnly', () => Boolean) gmOnly: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<Session> {
    return ctx.services.sessions.setSummariesGmOnly(ctx.viewer, id, gmOnly);
  }

  @FieldResolver(() => Campaign)
  campaign(@Root() session: Session | SessionListItem): Promise<Campaign> | CampaignView {
    // A listed session (a plain row) carries the campaign it was listed under.
    return session instanceof Session ? session.campaign.loadOrFail() : session.campaign;
  }

  @FieldResolver(() => [TranscriptLine], {
    description:
      'The transcript line by line with its times, table talk marked; empty until transcribed. A recipient gets no GM-only line',
  })
  async transcriptLines(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<TranscriptLine[]> {
    // Sessions reach the schema only through the policy, so whoever holds one may read its lines,
    // but for those the owner keeps GM-only.
    return ctx.services.sessions.transcriptLines(session, await ctx.services.sessions.roleIn(ctx.viewer, session));
  }

  private async summary(
    session: Session | SessionListItem,
    ctx: GqlContext,
    field: SessionSummaryField,
  ): Promise<string> {
    return ctx.services.sessions.summary(session, await ctx.services.sessions.roleIn(ctx.viewer, session), field);
  }
}
