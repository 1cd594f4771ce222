import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/TextField';
import { userError } from '../../lib/errors';
import { CreatedTokenNotice } from './CreatedTokenNotice';
import { ApiTokensQuery, CreateApiTokenMutation, RevokeApiTokenMutation } from './operations';

const date = (iso: unknown) => (typeof iso === 'string' ? new Date(iso).toLocaleDateString() : '—');
const longDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

/** Personal API tokens for third-party tools (GraphQL with `Authorization: Bearer`). */
export function ApiTokensSection() {
  const { data, loading } = useQuery(ApiTokensQuery);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [create, { loading: creating }] = useMutation(CreateApiTokenMutation, { refetchQueries: [ApiTokensQuery] });
  const [revoke] = useMutation(RevokeApiTokenMutation, { refetchQueries: [ApiTokensQuery] });
  const tokens = data?.apiTokens ?? [];
  // Set only while a reset is why the list is empty: creating a token clears it.
  const revokedAt = data?.me?.apiTokensRevokedAt ?? null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const result = await create({ variables: { name: name.trim() } });
      setSecret(result.data?.createApiToken.secret ?? null);
      setName('');
    } catch (err) {
      toast.error(userError(err, 'Failed to create token').message);
    }
  }

  async function revokeToken(id: string, tokenName: string) {
    if (!window.confirm(`Revoke the token "${tokenName}"? Tools using it will stop working.`)) return;
    try {
      await revoke({ variables: { id } });
      toast.success('Token revoked');
    } catch (err) {
      toast.error(userError(err, 'Failed to revoke token').message);
    }
  }

  return (
    <section className="card profile-section" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API Tokens</h2>
      <p className="muted">
        Tokens let your own tools query Questlog's GraphQL API on your behalf. Revoke any token you no longer use.
      </p>
      {secret && <CreatedTokenNotice secret={secret} onDone={() => setSecret(null)} />}
      <form className="token-form" onSubmit={submit}>
        <TextField
          label="Token name"
          value={name}
          onChange={setName}
          required
          maxLength={100}
          placeholder="e.g. My campaign script"
        />
        <button type="submit" className="button button-primary" disabled={creating}>
          {creating ? 'Creating...' : 'Create Token'}
        </button>
      </form>
      {loading && !data ? (
        <p className="muted">Loading tokens…</p>
      ) : tokens.length === 0 ? (
        <>
          <p className="muted">You have no API tokens.</p>
          {revokedAt && (
            <p className="notice" role="status">
              Your API and MCP tokens were revoked when your password was reset on {longDate(revokedAt)}. Create a new
              token for each tool or assistant that still needs one.
            </p>
          )}
        </>
      ) : (
        <div className="token-table-wrap">
          <table className="token-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Token</th>
                <th scope="col">Access</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td className="monospace">{t.prefix}…</td>
                  <td>{t.scope === 'READ' ? 'Read only' : 'Full'}</td>
                  <td>{date(t.createdAt)}</td>
                  <td>{t.lastUsedAt ? date(t.lastUsedAt) : 'Never'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-danger button-small"
                      onClick={() => void revokeToken(t.id, t.name)}
                      aria-label={`Revoke ${t.name}`}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
