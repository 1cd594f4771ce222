import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/TextField';
import { userError } from '../../lib/errors';
import { useErrorToast } from '../../lib/useErrorToast';
import { CreateCampaignMutation, DashboardCampaignsQuery } from './operations';

/** The api's bound on a campaign's name (it refuses longer ones). */
const CAMPAIGN_NAME_MAX = 200;

interface Props {
  campaignId: string | null;
  onChange: (campaignId: string | null) => void;
}

/** Choose one of the user's own campaigns, or create one, which then becomes the choice. */
export function CampaignPicker({ campaignId, onChange }: Props) {
  const selectId = useId();
  const { data, error } = useQuery(DashboardCampaignsQuery, { fetchPolicy: 'cache-and-network' });
  const [name, setName] = useState('');
  // The archive keeps its own lists; refetching them by name refreshes whichever is active.
  const [create, { loading: creating }] = useMutation(CreateCampaignMutation, {
    refetchQueries: [DashboardCampaignsQuery, 'ArchiveCampaigns'],
    awaitRefetchQueries: true,
  });
  useErrorToast(error ? 'Failed to fetch campaigns' : null);
  const campaigns = data?.campaigns ?? [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const result = await create({ variables: { title: name.trim() } });
      toast.success('Campaign created successfully');
      setName('');
      if (result.data) onChange(result.data.createCampaign.id);
    } catch (err) {
      toast.error(userError(err, 'Failed to create campaign').message);
    }
  }

  return (
    <section className="card dashboard-section" aria-labelledby="campaign-title">
      <h2 id="campaign-title">Campaign</h2>
      <div className="field">
        <label htmlFor={selectId}>Choose a campaign</label>
        <select id={selectId} value={campaignId ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{campaigns.length ? 'Select a campaign' : 'No campaigns yet'}</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <form className="create-campaign" onSubmit={(e) => void submit(e)}>
        <TextField
          label="New campaign"
          value={name}
          onChange={setName}
          placeholder="Enter campaign name"
          maxLength={CAMPAIGN_NAME_MAX}
          required
        />
        <button type="submit" className="button button-primary" disabled={creating}>
          {creating ? 'Creating...' : 'Create Campaign'}
        </button>
      </form>
    </section>
  );
}
