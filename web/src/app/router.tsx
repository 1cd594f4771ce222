import { createBrowserRouter } from 'react-router-dom';
import { ArchivePage } from '../features/archive/ArchivePage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LandingPage } from '../features/landing/LandingPage';
import { PaymentConfirmationPage } from '../features/plans/PaymentConfirmationPage';
import { PlanSelectPage } from '../features/plans/PlanSelectPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { QaPage } from '../features/qa/QaPage';
import { PublicOnly, SignedInOnly } from './guards';
import { AppLayout } from './layout/AppLayout';
import { ErrorPage } from './routes/ErrorPage';
import { NotFoundPage } from './routes/NotFoundPage';

/** The routes of spec section 2. Plan picking and confirmation are full-page steps outside the sidebar layout. */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
        ],
      },
      {
        element: <SignedInOnly />,
        children: [
          { path: '/plan-select', element: <PlanSelectPage /> },
          { path: '/payment-confirmation', element: <PaymentConfirmationPage /> },
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/archive', element: <ArchivePage /> },
              { path: '/qa', element: <QaPage /> },
              { path: '/profile', element: <ProfilePage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
