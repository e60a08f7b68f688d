import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '@/lib/runtime-config';
import { PageSpinner } from '@/components/ui/spinner';
import { isUnlocked } from './unlock-storage';
import { stripBypassParam } from './bypass-param';
import { pagePrerendered } from '@/lib/prerendered';
import { withCatalogs } from '@/lib/i18n';

// Rarely shown: its code (the page, the unlock) loads only in maintenance.
const MaintenancePage = lazy(
  withCatalogs(['maintenance'], () => import('./maintenance-page').then((m) => ({ default: m.MaintenancePage }))),
);

/** Shows the Coming Soon page while maintenance mode is on, unless a bypass code unlocked the site. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const config = useQuery(configQueryOptions());
  const [unlocked, setUnlocked] = useState(isUnlocked);
  const maintenance = config.data?.maintenanceMode === true;

  // Outside maintenance a bypass code means nothing: drop it from the address.
  useEffect(() => {
    if (config.isSuccess && !maintenance) stripBypassParam();
  }, [config.isSuccess, maintenance]);

  // Without settings the site opens: a failing /config must not lock every visitor out. A page
  // pre-rendered at build time shows at once: the API sends one only outside maintenance.
  if (config.isPending) return pagePrerendered ? <>{children}</> : <PageSpinner />;
  if (!maintenance || unlocked) return <>{children}</>;
  return (
    <Suspense fallback={<PageSpinner />}>
      <MaintenancePage supportEmail={config.data?.supportEmail} onUnlocked={() => setUnlocked(true)} />
    </Suspense>
  );
}
