import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { LandingPage } from '../features/landing/LandingPage';
import { PublicOnly, SignedInOnly } from './guards';
import { ErrorPage } from './routes/ErrorPage';
import { NotFoundPage } from './routes/NotFoundPage';

/** Signed-in screens and their frame load on first visit, so the landing page ships without them. */
const page = (load: () => Promise<Record<string, ComponentType>>, name: string) => async () => ({
  Component: (await load())[name],
});

/** The routes of docs/product.md#routes. Plan picking and confirmation are full-page steps outside the sidebar layout. */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    // Shown while a lazily loaded screen arrives on a direct visit.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          {
            path: '/forgot-password',
            lazy: page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
          },
        ],
      },
      {
        element: <SignedInOnly />,
        children: [
          { path: '/plan-select', lazy: page(() => import('../features/plans/PlanSelectPage'), 'PlanSelectPage') },
          {
            path: '/payment-confirmation',
            lazy: page(() => import('../features/plans/PaymentConfirmationPage'), 'PaymentConfirmationPage'),
          },
          {
            lazy: page(() => import('./layout/AppLayout'), 'AppLayout'),
            children: [
              { path: '/dashboard', lazy: page(() => import('./routes/DashboardRoute'), 'DashboardRoute') },
              { path: '/archive', lazy: page(() => import('./routes/ArchiveRoute'), 'ArchiveRoute') },
              { path: '/qa', lazy: page(() => import('../features/qa/QaPage'), 'QaPage') },
              { path: '/profile', lazy: page(() => import('../features/profile/ProfilePage'), 'ProfilePage') },
            ],
          },
        ],
      },
      // Whoever is signed in here, a mailed link sets the password of the account it was sent to.
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
