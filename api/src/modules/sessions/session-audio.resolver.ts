import { FieldResolver, Resolver, Root } from 'type-graphql';
import { sessionAudioUrl } from './session-audio.service';
import { Session } from './session.entity';

@Resolver(() => Session)
export class SessionAudioResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Where the recording streams from (HTTP Range; the browser-friendly rendition when processing made one); ' +
      'null when the session has no stored audio. Same-origin path, read with the same sign-in as the session.',
  })
  audioUrl(@Root() session: Session): string | null {
    // Sessions reach the schema only through the policy; the endpoint checks it again per request.
    return sessionAudioUrl(session);
  }
}
