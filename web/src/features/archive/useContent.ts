import { useMutation, useQuery } from '@apollo/client/react';
import toast from 'react-hot-toast';
import type { RecapFieldsFragment, SessionStatus } from '../../gql/graphql';
import { userError } from '../../lib/errors';
import { useErrorToast } from '../../lib/useErrorToast';
import { CAMPAIGN_TYPES, EMPTY_TEXTS, SESSION_FIELDS, VIEW_KINDS, type Texts, type ViewKind } from './content-kinds';
import { UpdateCampaignSummaryMutation, UpdateSessionContentMutation } from './mutations';
import { ARCHIVE_LISTS, SessionContentQuery } from '../../lib/session-operations';
import { CampaignContentQuery } from './operations';
import type { ProcessingState } from './ProcessingNotice';

export type ContentTarget = { kind: 'session'; id: string } | { kind: 'campaign'; id: string };

export interface Content {
  loading: boolean;
  texts: Texts;
  /** Sessions only; campaign summaries have no processing state. */
  status: SessionStatus | null;
  /** Sessions only: stage, progress and failure reason, kept live while processing. */
  processing: ProcessingState | null;
  /** Sessions only: the night as scenes, null before its first summaries (and on older sessions). */
  recap: RecapFieldsFragment | null;
  /** The summaries the owner rewrote by hand: shown as written, without the writer's note. */
  edited: readonly ViewKind[];
  /** Stores the text exactly as typed and reloads; resolves whether it worked. */
  save: (kind: ViewKind, text: string) => Promise<boolean>;
}

function failure(kind: ViewKind, target: ContentTarget): string {
  if (target.kind === 'campaign') return 'Failed to update campaign summary';
  return kind === 'full' ? 'Failed to update transcript' : 'Failed to update summary';
}

/** A session's texts, or a campaign's own summaries when no session is selected (docs/product.md#routes). */
export function useContent(target: ContentTarget): Content {
  const isSession = target.kind === 'session';
  // From the network on every visit: a session cached as PROCESSING may have finished meanwhile.
  const session = useQuery(SessionContentQuery, {
    variables: { id: target.id },
    skip: !isSession,
    fetchPolicy: 'cache-and-network',
  });
  const campaign = useQuery(CampaignContentQuery, { variables: { id: target.id }, skip: isSession });
  const refetchQueries = [isSession ? SessionContentQuery : CampaignContentQuery, ...ARCHIVE_LISTS];
  const [updateSession] = useMutation(UpdateSessionContentMutation, { refetchQueries, awaitRefetchQueries: true });
  const [updateCampaign] = useMutation(UpdateCampaignSummaryMutation, { refetchQueries, awaitRefetchQueries: true });

  // docs/product.md#messages: a campaign whose summaries are "not found" simply has none yet.
  const campaignError = campaign.error ? userError(campaign.error, '') : null;
  const campaignFailed = campaignError && campaignError.code !== 'NOT_FOUND';
  useErrorToast(session.error ? userError(session.error, 'Failed to fetch session details').message : null);
  useErrorToast(
    campaignFailed
      ? campaignError.message
        ? `Failed to fetch campaign summaries: ${campaignError.message}`
        : 'Failed to fetch campaign summaries'
      : null,
  );

  let texts = EMPTY_TEXTS;
  let status: SessionStatus | null = null;
  let processing: ProcessingState | null = null;
  let recap: RecapFieldsFragment | null = null;
  let edited: ViewKind[] = [];
  if (isSession && session.data) {
    const s = session.data.session;
    texts = { brief: s.briefSummary, moderate: s.moderateSummary, detailed: s.detailedSummary, full: s.fullTranscript };
    status = s.status;
    processing = { status: s.status, stage: s.stage, progress: s.progress, failureReason: s.failureReason };
    recap = s.recap;
    edited = VIEW_KINDS.filter((kind) => s.editedSummaries.includes(SESSION_FIELDS[kind]));
  } else if (!isSession && campaign.data) {
    const byType = new Map(campaign.data.campaign.summaries.map((s) => [s.type, s.text]));
    texts = {
      brief: byType.get('BRIEF') ?? '',
      moderate: byType.get('MODERATE') ?? '',
      detailed: byType.get('DETAILED') ?? '',
      // A campaign's Full Transcript is its sessions' lines (CampaignTranscript), not a stored text.
      full: '',
    };
  }

  async function save(kind: ViewKind, text: string): Promise<boolean> {
    try {
      if (isSession) await updateSession({ variables: { id: target.id, field: SESSION_FIELDS[kind], text } });
      else await updateCampaign({ variables: { campaignId: target.id, type: CAMPAIGN_TYPES[kind], text } });
      toast.success('Content updated successfully');
      return true;
    } catch (err) {
      toast.error(userError(err, failure(kind, target)).message);
      return false;
    }
  }

  return { loading: isSession ? session.loading : campaign.loading, texts, status, processing, recap, edited, save };
}
