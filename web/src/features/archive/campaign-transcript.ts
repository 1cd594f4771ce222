import type { SessionStatus } from '../../gql/graphql';

interface PlayedSession {
  id: string;
  title: string;
  status: SessionStatus;
  playedOn: string;
  createdAt: string;
}

/**
 * The sessions a campaign's transcript holds: the processed ones, in the order they were played
 * (the api's campaign transcript and exports keep the same order).
 */
export function inPlayOrder<S extends PlayedSession>(sessions: readonly S[]): S[] {
  return sessions
    .filter((s) => s.status === 'READY')
    .sort(
      (a, b) =>
        a.playedOn.localeCompare(b.playedOn) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    );
}

/** A session's heading in a campaign's transcript, in the words of the REST `fullTranscript`. */
export const sessionHeading = (s: PlayedSession) => `${s.title} (played ${s.playedOn})`;
