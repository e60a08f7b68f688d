import { lazy, Suspense } from 'react';
import { ProtectedContent } from '@/components/protected-content';
import { PageSpinner } from '@/components/ui/spinner';
import { withCatalogs } from '@/lib/i18n';
import { LandingPage } from '@/features/landing/landing-page';

// The dashboard's code is fetched only once a signed-in user needs it, with its catalogues.
// One namespace for the whole dashboard: each catalogue file is one more entry in the landing page's first load.
const DashboardPage = lazy(withCatalogs(['dashboard'], () => import('@/features/dashboard/dashboard-page')));

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
