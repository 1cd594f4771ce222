import { useState, type FormEvent } from 'react';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { PasswordFields } from '../../components/PasswordField';
import { userError } from '../../lib/errors';
import { ChangePasswordMutation } from './operations';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password. Outcomes are alerts, as docs/product.md#messages has them: a refusal shows the server's
 * text (else 'Failed to update password.'), no answer at all the generic error.
 */
export function ChangePasswordSection() {
  const [form, setForm] = useState(EMPTY);
  const [change, { loading }] = useMutation(ChangePasswordMutation);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.newPassword !== form.confirmPassword) {
      window.alert('New passwords do not match.');
      return;
    }
    try {
      await change({ variables: { input: form } });
      setForm(EMPTY);
      window.alert('Password updated successfully.');
    } catch (err) {
      const answered = CombinedGraphQLErrors.is(err) || ServerError.is(err);
      window.alert(
        userError(err, answered ? 'Failed to update password.' : 'An error occurred while updating the password.')
          .message,
      );
    }
  }

  return (
    <section className="card profile-section" aria-labelledby="password-title">
      <h2 id="password-title">Change Password</h2>
      <form className="form" onSubmit={submit}>
        <PasswordFields
          fields={[
            {
              label: 'Current Password',
              value: form.currentPassword,
              onChange: set('currentPassword'),
              autoComplete: 'current-password',
            },
            {
              label: 'New Password',
              value: form.newPassword,
              onChange: set('newPassword'),
              autoComplete: 'new-password',
            },
            {
              label: 'Confirm New Password',
              value: form.confirmPassword,
              onChange: set('confirmPassword'),
              autoComplete: 'new-password',
            },
          ]}
        />
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </section>
  );
}
