import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordFields } from '../../components/PasswordField';
import { userError } from '../../lib/errors';
import { AuthCard, FormError } from './AuthCard';
import { ResetPasswordMutation } from './operations';

/** Where /login finds that it was reached from a reset, to say so. */
export interface ResetDone {
  passwordReset: true;
}

/**
 * /reset-password?token=…: the mailed link. A new password (the sign-up rules, checked by the
 * server) ends every session and API token, so the user then signs in with it at /login.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [error, setError] = useState<{ message: string; badLink: boolean } | null>(null);
  const [reset, { loading }] = useMutation(ResetPasswordMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await reset({ variables: { token, password, passwordConfirm } });
      const state: ResetDone = { passwordReset: true };
      navigate('/login', { replace: true, state });
    } catch (err) {
      const { message, field } = userError(err, 'The password could not be changed. Please try again.');
      setError({ message, badLink: field === 'token' });
    }
  }

  return (
    <AuthCard
      title="Choose a New Password"
      footer={
        error?.badLink ? (
          <>
            Remembered it? <Link to="/login">Sign In</Link>
          </>
        ) : (
          <>
            Link not working? <Link to="/forgot-password">Ask for a new one</Link>
          </>
        )
      }
    >
      <form onSubmit={submit} className="form">
        <p className="muted auth-lead">
          At least 8 characters, with a letter and a number. Every device signed in to your account is signed out, and
          every API and MCP token is revoked: scripts and AI assistants then need a new token from your profile.
        </p>
        <PasswordFields
          fields={[
            { label: 'New Password', value: password, onChange: setPassword, autoComplete: 'new-password' },
            {
              label: 'Confirm New Password',
              value: passwordConfirm,
              onChange: setPasswordConfirm,
              autoComplete: 'new-password',
            },
          ]}
        />
        <FormError message={error?.message ?? null} />
        {error?.badLink ? (
          // A dead link stays dead: the way on is a new one.
          <Link to="/forgot-password" className="button button-primary button-block">
            Ask for a New Link
          </Link>
        ) : (
          <button type="submit" className="button button-primary button-block" disabled={loading}>
            {loading ? 'Saving...' : 'Set New Password'}
          </button>
        )}
      </form>
    </AuthCard>
  );
}
