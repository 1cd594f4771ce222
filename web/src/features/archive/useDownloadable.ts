import { useApolloClient } from '@apollo/client/react';
import { inPlayOrder, sessionHeading } from './campaign-transcript';
import type { Texts } from './content-kinds';
import type { Downloadable } from './download-files';
import { CampaignTranscriptsQuery } from './operations';
import type { ContentTarget } from './useContent';

/**
 * What Download saves of a session or campaign. A session's transcript is already loaded; a
 * campaign's (every session's, possibly megabytes) is read only when it is asked for, as the
 * viewer may read it.
 */
export function useDownloadable(target: ContentTarget, title: string, texts: Texts): Downloadable {
  const client = useApolloClient();
  return {
    title,
    summaries: { brief: texts.brief, moderate: texts.moderate, detailed: texts.detailed },
    transcript: async () => {
      if (target.kind === 'session') return [{ heading: null, text: texts.full }];
      const { data } = await client.query({
        query: CampaignTranscriptsQuery,
        variables: { id: target.id },
        fetchPolicy: 'network-only',
      });
      return inPlayOrder(data?.campaign.sessions ?? []).map((s) => ({
        heading: sessionHeading(s),
        text: s.fullTranscript,
      }));
    },
  };
}
