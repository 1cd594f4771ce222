import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField, PasswordToggle } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { userError } from '../../lib/errors';
import { AuthCard, FormError } from './AuthCard';
import { LoginMutation } from './operations';
import type { ResetDone } from './ResetPasswordPage';
import { RETURN_PARAM, safeReturnPath } from './return-path';

/**
 * /login: e-mail and password; the server's error text is shown as is, else 'Login failed'.
 * "Forgot password?" leads to /forgot-password; a finished reset comes back here to sign in.
 * A `next` path (checked by safeReturnPath) is where a signed-in user goes instead of the dashboard.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const afterReset = (useLocation().state as ResetDone | null)?.passwordReset === true;
  // A link followed while signed out: signing in goes on to it; otherwise to the dashboard (spec).
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [login, { loading }] = useMutation(LoginMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await login({ variables: { input: { email, password } } });
      navigate(returnTo ?? '/dashboard', { replace: true });
    } catch (err) {
      setError(userError(err, 'Login failed').message);
    }
  }

  return (
    <AuthCard
      title="Sign In"
      footer={
        <>
          Don't have an account? <Link to="/register">Register</Link>
        </>
      }
    >
      <form onSubmit={submit} className="form">
        {returnTo && !afterReset && <p className="muted">Sign in to open the page you followed.</p>}
        {afterReset && (
          <p className="notice" role="status">
            Your password has been changed. Please sign in with your new password.
          </p>
        )}
        <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" required />
        <PasswordField
          label="Password"
          value={password}
          onChange={setPassword}
          visible={showPassword}
          autoComplete="current-password"
        />
        <div className="auth-row">
          <PasswordToggle visible={showPassword} onToggle={() => setShowPassword((v) => !v)} />
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <FormError message={error} />
        <button type="submit" className="button button-primary button-block" disabled={loading}>
          {loading ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
    </AuthCard>
  );
}
