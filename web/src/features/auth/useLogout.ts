import { useApolloClient, useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { resetCsrfToken } from '../../lib/csrf';
import { LogoutMutation } from './operations';

/**
 * Log Out (docs/product.md#routes): tells the server, then forgets everything this browser kept — storage,
 * the CSRF token and Apollo's cache — and returns to the landing page. A failed call is only
 * logged: the user still ends up signed out locally.
 */
export function useLogout() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logout] = useMutation(LogoutMutation);
  return async () => {
    try {
      await logout();
    } catch (err) {
      console.error('Logout failed', err);
    }
    localStorage.clear();
    sessionStorage.clear();
    resetCsrfToken();
    await client.clearStore();
    navigate('/', { replace: true });
  };
}
