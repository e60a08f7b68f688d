import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { preloadableLazy } from '@/lib/prerendered';
import { withCatalogs } from '@/lib/i18n';
import { useDashboardDialogs, type DashboardDialog } from './dashboard-dialogs';

// The dialogs' code (their forms, zod schemas, react-hook-form, radix's dialog, the upload form) is
// off the dashboard's first load (docs/architecture.md §1, What loads first): one chunk (dialogs.ts),
// fetched once the browser is idle after the first paint, or at the first opening; each dialog mounts
// the first time it opens. One chunk rather than ten keeps the bundler from splitting the landing
// page's entry into more files.
// The eligibility dialog's household fields speak from their own catalogue (HOUSEHOLD_NAMESPACES).
const loadDialogs = withCatalogs(['household'], () => import('./dialogs'));
const NAMES: readonly DashboardDialog[] = [
  'profile',
  'change-password',
  'eligibility',
  'insurance',
  'doctors',
  'prescriptions',
  'documents',
  'billing',
  'application',
  'support',
];
const DIALOGS = Object.fromEntries(
  NAMES.map((name) => [
    name,
    preloadableLazy(() => loadDialogs().then((m) => ({ default: m[name] as ComponentType }))),
  ]),
) as Record<DashboardDialog, ReturnType<typeof preloadableLazy<ComponentType>>>;

/** Fetches every dialog's code once the browser has nothing better to do. */
function usePreloadWhenIdle() {
  useEffect(() => {
    const preload = () => void loadDialogs().catch(() => {});
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }, []);
}

/**
 * The dashboard's dialogs, each mounted from its first opening on (it keeps its state and its closing
 * animation afterwards, as when all were mounted with the page).
 */
export function DashboardDialogs() {
  const { current } = useDashboardDialogs();
  const [opened, setOpened] = useState<ReadonlySet<DashboardDialog>>(new Set());
  if (current && !opened.has(current)) setOpened(new Set(opened).add(current));
  usePreloadWhenIdle();
  return (
    <>
      {NAMES.filter((name) => opened.has(name)).map((name) => {
        const Dialog = DIALOGS[name];
        return (
          <Suspense key={name} fallback={null}>
            <Dialog />
          </Suspense>
        );
      })}
    </>
  );
}
