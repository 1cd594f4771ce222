import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordFields } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { userError } from '../../lib/errors';
import { AuthCard, FormError } from './AuthCard';
import { RegisterMutation } from './operations';

const EMPTY = { firstName: '', lastName: '', preferredName: '', email: '', password: '', passwordConfirm: '' };

/** /register: creates the account (and signs in), then the plan picker; else the server's text or 'Registration failed'. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [register, { loading }] = useMutation(RegisterMutation);
  /** A field's value and its setter, for a TextField or a PasswordFields entry. */
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const preferredName = form.preferredName.trim();
    try {
      await register({ variables: { input: { ...form, preferredName: preferredName || null } } });
      navigate('/plan-select', { replace: true });
    } catch (err) {
      setError(userError(err, 'Registration failed').message);
    }
  }

  return (
    <AuthCard
      title="Create Your Account"
      footer={
        <>
          Already have an account? <Link to="/login">Sign In</Link>
        </>
      }
    >
      <form onSubmit={submit} className="form">
        <div className="form-row">
          <TextField label="First Name" {...field('firstName')} autoComplete="given-name" required />
          <TextField label="Last Name" {...field('lastName')} autoComplete="family-name" required />
        </div>
        <TextField label="Preferred Name (optional)" {...field('preferredName')} autoComplete="nickname" />
        <TextField label="Email Address" type="email" {...field('email')} autoComplete="email" required />
        <PasswordFields
          fields={[
            { label: 'Password', ...field('password'), autoComplete: 'new-password' },
            { label: 'Confirm Password', ...field('passwordConfirm'), autoComplete: 'new-password' },
          ]}
        />
        <FormError message={error} />
        <button type="submit" className="button button-primary button-block" disabled={loading}>
          {loading ? 'Registering...' : 'Register'}
        </button>
      </form>
    </AuthCard>
  );
}
