import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import type { SessionListItem } from '../campaigns';
import { Session } from '../../kernel/entities/session.entity';

@Resolver(() => Session)
export class SessionAudioResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Where the recording streams from (HTTP Range; the browser-friendly rendition when processing made one); ' +
      'null when the session has no stored audio. Same-origin path, read with the same sign-in as the session. ' +
      "A recipient's carries `v`, the version of the GM-only marks it was given for: it changes when they change, " +
      'and the endpoint refuses (409) a version that is no longer current.',
  })
  async audioUrl(@Root() session: Session | SessionListItem, @Ctx() ctx: GqlContext): Promise<string | null> {
    // Sessions reach the schema only through the policy; the endpoint checks it again per request.
    // The union matters: with a class as @Root's type, type-graphql copies a listed row into a new
    // Session whose `campaign` is no reference (roleIn then fails).
    return ctx.services.audio.url(session, await ctx.services.sessions.roleIn(ctx.viewer, session));
  }
}
