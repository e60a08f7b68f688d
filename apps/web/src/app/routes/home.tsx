import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ProtectedContent } from '@/components/protected-content';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-provider';
import { storedSessionUsable } from '@/lib/auth/session-renewal';
import { withCatalogs } from '@/lib/i18n';
import { preloadableLazy } from '@/lib/prerendered';
import { LandingPage } from '@/features/landing/landing-page';

// The dashboard's code is fetched only once a signed-in user needs it, with its catalogues: its own
// texts, the record components it shares with the console and the checker, and its account dialogs'.
const DashboardPage = preloadableLazy(
  withCatalogs(
    ['dashboard', 'records', 'account', 'person', 'auth'],
    () => import('@/features/dashboard/dashboard-page'),
  ),
);

/** / and /dashboard: the landing page for visitors, the dashboard for a signed-in user. */
export function HomeRoute() {
  const { isInitializing } = useAuth();
  const queryClient = useQueryClient();
  // A stored session: while its profile is checked, the dashboard's code and its first screen's data
  // are fetched too, rather than one after the other (docs/architecture.md §1, What loads first).
  useEffect(() => {
    if (!isInitializing) return;
    void DashboardPage.preload();
    // Its own small chunk, beside the page's: the landing page's entry does not carry the dashboard's reads.
    if (storedSessionUsable())
      void import('@/features/dashboard/overview/first-screen-queries').then((m) => m.prefetchFirstScreen(queryClient));
  }, [isInitializing, queryClient]);
  return (
    <ProtectedContent fallback={<LandingPage />}>
      <Suspense fallback={<PageSpinner />}>
        <DashboardPage />
      </Suspense>
    </ProtectedContent>
  );
}
