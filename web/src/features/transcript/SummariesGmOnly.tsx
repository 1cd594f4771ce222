import { useId, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { userError } from '../../lib/errors';
import { SessionContentQuery } from '../../lib/session-operations';
import { SetSessionSummariesGmOnlyMutation } from './operations';
import './summaries-gm-only.css';

/**
 * Whether a session's summaries are kept GM-only, read from the session useContent already loads
 * (the cache only: no second request). False for a campaign.
 */
export function useSummariesGmOnly(sessionId: string | null): boolean {
  const { data } = useQuery(SessionContentQuery, {
    variables: { id: sessionId ?? '' },
    skip: sessionId === null,
    fetchPolicy: 'cache-only',
  });
  return data?.session.summariesGmOnly ?? false;
}

interface Props {
  sessionId: string;
  gmOnly: boolean;
}

/**
 * The owner's switch above a session's summaries: keep them from the players the campaign is shared
 * with (they read them empty), or share them again. The answer updates the cached session, and the
 * campaign's summaries the api wrote again with or without this session.
 */
export function SummariesGmOnlySwitch({ sessionId, gmOnly }: Props) {
  const hint = useId();
  const [setGmOnly] = useMutation(SetSessionSummariesGmOnlyMutation);
  // The switch moves at once and goes back if the api refuses; aria-disabled meanwhile keeps the focus.
  const [pending, setPending] = useState<boolean | null>(null);

  async function change(next: boolean) {
    setPending(next);
    try {
      await setGmOnly({ variables: { id: sessionId, gmOnly: next } });
      toast.success(next ? 'Summaries kept GM-only' : 'Summaries shared with players');
    } catch (err) {
      toast.error(userError(err, 'Failed to update summaries').message);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="summaries-gm-only">
      <label className="summaries-gm-only-switch">
        <input
          type="checkbox"
          role="switch"
          checked={pending ?? gmOnly}
          aria-disabled={pending !== null}
          aria-describedby={hint}
          onChange={(e) => {
            if (pending === null) void change(e.target.checked);
          }}
        />
        <span>Keep summaries GM-only</span>
      </label>
      <p id={hint} className="muted summaries-gm-only-hint">
        Players you share this campaign with won&apos;t see this session&apos;s summaries.
      </p>
    </div>
  );
}
