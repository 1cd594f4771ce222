import { useQuery } from '@apollo/client/react';
import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { ViewerQuery } from '../lib/viewer';

/**
 * Asks the server who is signed in each time the visitor crosses between the public and the private
 * area (a cached answer could be stale after sign-in or sign-out); later renders use the cache.
 * Any failure counts as signed out (spec section 6).
 */
function useSignedIn(): boolean | null {
  const { data, error } = useQuery(ViewerQuery, { fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  if (error) return false;
  if (!data) return null;
  return data.me != null;
}

/** /, /login, /register, /forgot-password: signed-in users go to the dashboard. */
export function PublicOnly() {
  const signedIn = useSignedIn();
  if (signedIn === null) return <LoadingScreen />;
  return signedIn ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Everything else: signed-out visitors go to the landing page. */
export function SignedInOnly() {
  const signedIn = useSignedIn();
  if (signedIn === null) return <LoadingScreen />;
  return signedIn ? <Outlet /> : <Navigate to="/" replace />;
}
