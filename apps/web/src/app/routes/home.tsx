import { lazy, Suspense } from 'react';
import { ProtectedContent } from '@/components/protected-content';
import { PageSpinner } from '@/components/ui/spinner';
import { withCatalogs } from '@/lib/i18n';
import { LandingPage } from '@/features/landing/landing-page';

// The dashboard's code is fetched only once a signed-in user needs it, with its catalogues: its own
// texts, the record components it shares with the console and the checker, and its account dialogs'.
const DashboardPage = lazy(
  withCatalogs(
    ['dashboard', 'records', 'account', 'person', 'auth'],
    () => import('@/features/dashboard/dashboard-page'),
  ),
);

/** / and /dashboard: the landing page for visitors, the dashboard for a signed-in user. */
export function HomeRoute() {
  return (
    <ProtectedContent fallback={<LandingPage />}>
      <Suspense fallback={<PageSpinner />}>
        <DashboardPage />
      </Suspense>
    </ProtectedContent>
  );
}
