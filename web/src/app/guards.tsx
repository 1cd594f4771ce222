import { useQuery } from '@apollo/client/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { loginPathFor, RETURN_PARAM, safeReturnPath } from '../features/auth/return-path';
import { ViewerQuery } from '../lib/viewer';

/**
 * Asks the server who is signed in each time the visitor crosses between the public and the private
 * area (a cached answer could be stale after sign-in or sign-out); later renders use the cache.
 * Any failure counts as signed out (docs/product.md#roles).
 */
function useSignedIn(): boolean | null {
  const { data, error } = useQuery(ViewerQuery, { fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  if (error) return false;
  if (!data) return null;
  return data.me != null;
}

/**
 * /, /login, /register, /forgot-password: signed-in users go to the dashboard, or to the page a
 * /login link names (a deep link followed while signed out, then signed in elsewhere).
 */
export function PublicOnly() {
  const signedIn = useSignedIn();
  const { pathname, search } = useLocation();
  if (signedIn === null) return <LoadingScreen />;
  if (!signedIn) return <Outlet />;
  const next = pathname === '/login' ? safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) : null;
  return <Navigate to={next ?? '/dashboard'} replace />;
}

/**
 * Everything else: signed-out visitors go to the landing page, except that a link naming
 * something (a session, a campaign: it carries a query) goes to sign-in, which returns to it.
 */
export function SignedInOnly() {
  const signedIn = useSignedIn();
  const { pathname, search, hash } = useLocation();
  if (signedIn === null) return <LoadingScreen />;
  if (signedIn) return <Outlet />;
  return <Navigate to={search ? loginPathFor(`${pathname}${search}${hash}`) : '/'} replace />;
}
