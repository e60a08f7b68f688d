import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { preloadableLazy } from '@/lib/prerendered';
import { withCatalogs } from '@/lib/i18n';
import { useDashboardDialogs, type DashboardDialog } from './dashboard-dialogs';

// The dialogs' code (their forms, zod schemas, react-hook-form, radix's dialog, the upload form) is
// off the dashboard's first load (docs/architecture.md §1, What loads first): one chunk (dialogs.ts),
// fetched at the first pointer, touch or key on the page, or at the first opening; each dialog mounts
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

/** What a person does before opening anything: the mouse reaching the page, a touch, a key. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Fetches every dialog's code at the first sign of a person using the page, well before their first
 * click lands (docs/architecture.md §1, What loads first). Not when the browser is merely idle: on a
 * phone, evaluating 150 KB of forms nobody opened blocked the page for half a second.
 */
function usePreloadOnIntent() {
  useEffect(() => {
    const preload = () => {
      stop();
      void loadDialogs().catch(() => {});
    };
    const stop = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, preload, true));
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, preload, { capture: true, passive: true }));
    return stop;
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
  usePreloadOnIntent();
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
