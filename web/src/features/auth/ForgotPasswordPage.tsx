import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/TextField';
import { userError } from '../../lib/errors';
import { AuthCard, FormError } from './AuthCard';
import { RequestPasswordResetMutation } from './operations';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestPasswordResetMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await request({ variables: { email } });
      setSentTo(email.trim());
    } catch (err) {
      setError(userError(err, 'The link could not be sent. Please try again.').message);
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      footer={
        <>
          Remembered it? <Link to="/login">Sign In</Link>
        </>
      }
    >
      {sentTo ? (
        <p className="notice" role="status">
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link works
          once, for an hour.
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          <p className="muted auth-lead">
            Enter your account's e-mail address and we will send you a link to choose a new password.
          </p>
          <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" required />
          <FormError message={error} />
          <button type="submit" className="button button-primary button-block" disabled={loading}>
            {loading ? 'Sending...' : 'Send Link'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
