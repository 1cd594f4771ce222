import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PageHeader } from '../../components/PageHeader';
import { AccountSection } from './AccountSection';
import { ApiTokensSection } from './ApiTokensSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { ConnectAssistantSection } from './ConnectAssistantSection';
import type { FieldKey } from './fields';
import { MembershipSection } from './MembershipSection';
import { PlanUsageSection } from './PlanUsageSection';
import { ProfileQuery } from './operations';
import './profile.css';

/** /profile: account fields, password, usage, membership and API tokens. */
export function ProfilePage() {
  const { data, loading, error, refetch } = useQuery(ProfileQuery, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<FieldKey | null>(null);

  if (loading && !data) return <LoadingScreen label="Loading your account…" />;
  const account = data?.me;
  if (error || !account) {
    return (
      <p className="notice notice-error" role="alert">
        Failed to fetch account information
      </p>
    );
  }

  return (
    <>
      <PageHeader title="Profile" />
      <div className="profile-grid">
        <div className="profile-column">
          <AccountSection
            account={account}
            languages={data.languages}
            editing={editing}
            onEditingChange={setEditing}
            onReload={refetch}
          />
          {/* Hidden while a field is being edited (docs/product.md#states). */}
          {editing === null && <ChangePasswordSection />}
        </div>
        <div className="profile-column">
          <PlanUsageSection usage={account.usage} />
          <MembershipSection account={account} />
        </div>
        <div className="profile-wide">
          <ApiTokensSection />
        </div>
        <div className="profile-wide">
          <ConnectAssistantSection />
        </div>
      </div>
    </>
  );
}
