import { useId } from 'react';
import { copyText } from './copy-text';

/** The new token's secret, shown once: the api stores only a hash and cannot show it again. */
export function CreatedTokenNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const id = useId();
  return (
    <div className="created-token" role="status">
      <p className="created-token-warning">
        <strong>Copy this token now.</strong> For your security it will not be shown again.
      </p>
      <label htmlFor={id} className="visually-hidden">
        New API token
      </label>
      <div className="created-token-row">
        <input id={id} readOnly value={secret} onFocus={(e) => e.target.select()} className="monospace" />
        <button
          type="button"
          className="button button-primary button-small"
          onClick={() => void copyText(secret, 'Token')}
        >
          Copy
        </button>
      </div>
      <button type="button" className="link-button" onClick={onDone}>
        I have saved it
      </button>
    </div>
  );
}
