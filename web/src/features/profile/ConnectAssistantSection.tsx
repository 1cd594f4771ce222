import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { userError } from '../../lib/errors';
import { assistantSnippets } from './assistant-snippets';
import { copyText } from './copy-text';
import { CreatedTokenNotice } from './CreatedTokenNotice';
import { ApiTokensQuery, CreateApiTokenMutation } from './operations';

/**
 * "Connect an assistant" (issue 29): the MCP endpoint, a read-only token made in one click and
 * shown once, and client configurations to paste it into.
 */
export function ConnectAssistantSection() {
  const endpoint = `${window.location.origin}/mcp`;
  const [secret, setSecret] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateApiTokenMutation, { refetchQueries: [ApiTokensQuery] });

  async function createToken() {
    try {
      const result = await create({ variables: { name: 'Assistant (read-only)', scope: 'READ' } });
      setSecret(result.data?.createApiToken.secret ?? null);
    } catch (err) {
      toast.error(userError(err, 'Failed to create token').message);
    }
  }

  return (
    <section className="card profile-section" aria-labelledby="assistant-title">
      <h2 id="assistant-title">Connect an assistant</h2>
      <p className="muted">
        AI assistants that speak the Model Context Protocol (MCP) can read your campaigns: list sessions, search
        transcripts, ask questions and get recaps. They only read, and see what you see: in a campaign shared with you,
        nothing the game master keeps to themselves.
      </p>
      <dl className="assistant-endpoint">
        <dt>Endpoint</dt>
        <dd>
          <code className="monospace">{endpoint}</code>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void copyText(endpoint, 'Endpoint')}
          >
            Copy
          </button>
        </dd>
      </dl>
      {secret ? (
        <CreatedTokenNotice secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <button type="button" className="button button-primary" disabled={loading} onClick={() => void createToken()}>
          {loading ? 'Creating...' : 'Create read-only token'}
        </button>
      )}
      {assistantSnippets(endpoint, secret).map((snippet) => (
        <figure className="assistant-snippet" key={snippet.title}>
          <figcaption>
            <strong>{snippet.title}</strong> <span className="muted">{snippet.hint}</span>
          </figcaption>
          <pre className="monospace" role="region" aria-label={`${snippet.title} configuration`}>
            {snippet.text}
          </pre>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void copyText(snippet.text, `${snippet.title} configuration`)}
            aria-label={`Copy ${snippet.title} configuration`}
          >
            Copy
          </button>
        </figure>
      ))}
    </section>
  );
}
