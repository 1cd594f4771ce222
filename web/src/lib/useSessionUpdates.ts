import { useEffect, useRef } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { graphql } from '../gql';
import type { SessionStatus } from '../gql/graphql';

export const SessionUpdatedSubscription = graphql(`
  subscription SessionUpdated($sessionId: ID!) {
    sessionUpdated(sessionId: $sessionId) {
      sessionId
      campaignId
      status
      stage
      progress
    }
  }
`);

/** What the page already shows of a session's processing (read from the cache, never fetched). */
const SessionLiveState = graphql(`
  fragment SessionLiveState on Session {
    status
    stage
  }
`);

interface Options {
  /** Called when processing ends; the caller refetches what READY or FAILED changes (texts, lists). */
  onSettled: (status: Exclude<SessionStatus, 'PROCESSING'>) => void;
}

/**
 * Live processing status of one session, pushed by the api (no polling). While the session is
 * PROCESSING each event is written into the cached Session, so every query showing its stage,
 * progress or status re-renders. The final status is left for the caller's refetch: flipping it to
 * READY in the cache before the summaries arrive would show an empty session for a moment.
 * Pass null to stay unsubscribed.
 */
export function useSessionUpdates(sessionId: string | null, { onSettled }: Options): void {
  const client = useApolloClient();
  const first = useRef(true);
  useEffect(() => {
    first.current = true;
  }, [sessionId]);
  useSubscription(SessionUpdatedSubscription, {
    variables: { sessionId: sessionId ?? '' },
    skip: !sessionId,
    onData: ({ data }) => {
      const update = data.data?.sessionUpdated;
      if (!update) return;
      const id = client.cache.identify({ __typename: 'Session', id: update.sessionId });
      // The api sends the session as it stands first, so an end the page read too late to see still
      // arrives. When the page already shows that very state, refetching would only reset its forms.
      const opening = first.current;
      first.current = false;
      if (update.status !== 'PROCESSING') {
        const shown = opening ? client.cache.readFragment({ id, fragment: SessionLiveState }) : null;
        if (shown?.status === update.status && (shown.stage ?? null) === (update.stage ?? null)) return;
        return onSettled(update.status);
      }
      client.cache.modify({
        id,
        fields: { status: () => update.status, stage: () => update.stage, progress: () => update.progress },
      });
    },
  });
}
