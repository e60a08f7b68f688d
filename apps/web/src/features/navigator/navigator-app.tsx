import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Switch } from '@/lib/router';
import { STAFF_ROLES } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { useAuth } from '@/lib/auth/auth-provider';
import { activateLanguage } from '@/lib/i18n/catalogs';
import { PageSpinner } from '@/components/ui/spinner';
import { NavigatorLayout } from './components/navigator-layout';
import { LiveConnectionProvider } from '@/lib/live/live-connection';
import { navigatorKeys } from './api/keys';
import { useApplicationChanged } from './realtime/use-application-changed';
import { WorkQueuePage } from './routes/work-queue-page';
import { PatientPage } from './routes/patient-page';
import { QueueHealthPage } from './routes/queue-health-page';
import { AuditPage } from './routes/audit-page';
import { SupportMessagesPage } from './routes/support-messages-page';

// Its own chunk: Recharts loads only when a navigator opens Insights (docs/architecture.md §1, What loads first).
const InsightsPage = lazy(() => import('./routes/insights-page').then((m) => ({ default: m.InsightsPage })));

function LiveUpdates() {
  useApplicationChanged();
  return null;
}

/**
 * /navigator/*: the care navigators' console, for NAVIGATOR and ADMIN (queue health and the audit log
 * for ADMIN): the work queue, a patient's record, the messages awaiting a reply, Insights.
 * Everyone else gets the app's 404 page, so the console is not advertised; the API enforces the
 * same roles on every call anyway.
 */
export function NavigatorApp({ notFound }: { notFound: ReactNode }) {
  const { user, isInitializing, isReconnecting } = useAuth();
  const { _ } = useLingui();
  const staff = !!user && STAFF_ROLES.includes(user.role);
  // The console is in English (docs/product.md §20): so are the page's language and the API's answers, whatever the
  // browser last chose on the public pages (not remembered: those pages keep it).
  useEffect(() => {
    if (staff) void activateLanguage('en').catch(() => undefined);
  }, [staff]);
  if (isInitializing) return <PageSpinner note={isReconnecting ? _('common.reconnecting') : undefined} />;
  if (!user || !STAFF_ROLES.includes(user.role)) return <>{notFound}</>;
  return (
    <LiveConnectionProvider refetchOnConnect={[navigatorKeys.all]}>
      <LiveUpdates />
      <Switch>
        <Route path="/navigator">
          <NavigatorLayout>
            <WorkQueuePage />
          </NavigatorLayout>
        </Route>
        <Route path="/navigator/patients/:patientId">
          <NavigatorLayout>
            <PatientPage />
          </NavigatorLayout>
        </Route>
        <Route path="/navigator/messages">
          <NavigatorLayout>
            <SupportMessagesPage />
          </NavigatorLayout>
        </Route>
        <Route path="/navigator/insights">
          <NavigatorLayout>
            <Suspense fallback={<PageSpinner />}>
              <InsightsPage />
            </Suspense>
          </NavigatorLayout>
        </Route>
        {user.role === 'ADMIN' && (
          <Route path="/navigator/queues">
            <NavigatorLayout>
              <QueueHealthPage />
            </NavigatorLayout>
          </Route>
        )}
        {user.role === 'ADMIN' && (
          <Route path="/navigator/audit">
            <NavigatorLayout>
              <AuditPage />
            </NavigatorLayout>
          </Route>
        )}
        <Route>{notFound}</Route>
      </Switch>
    </LiveConnectionProvider>
  );
}
