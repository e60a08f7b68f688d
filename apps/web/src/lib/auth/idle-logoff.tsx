import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MESSAGES, STAFF_ROLES } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { withCatalogs } from '@/lib/i18n';
import { useAuth } from './auth-provider';

const StillThereDialog = lazy(
  withCatalogs(['auth'], () => import('./still-there-dialog').then((m) => ({ default: m.StillThereDialog }))),
);

/** The last activity in any tab of this browser, so one busy tab keeps the others open too. */
const ACTIVITY_KEY = 'lastActivityAt';
const lastActivity = () => Number(localStorage.getItem(ACTIVITY_KEY)) || Date.now();
const markActivity = () => localStorage.setItem(ACTIVITY_KEY, String(Date.now()));

/**
 * Idle logoff in the browser (docs/product.md §7.2): keys, clicks and a tab coming into view are
 * activity; a minute before the server's idle limit (a third of it when shorter) a "Still there?"
 * alert dialog asks, and any key or click keeps the session; at the limit the tab signs out and the
 * login says why. Activity is told to the server by an authenticated request now and then, since the
 * server ends a session idle past the same limit (docs/architecture.md §9).
 */
export function IdleLogoff() {
  const auth = useAuth();
  const dialogs = useAuthDialogs();
  const { sessionIdleSeconds } = useRuntimeConfig();
  const [warning, setWarning] = useState(false);
  const role = auth.user?.role;
  const idleSeconds =
    role && sessionIdleSeconds ? sessionIdleSeconds[STAFF_ROLES.includes(role) ? 'staff' : 'patient'] : null;
  const { signOutIdle } = auth;
  const openDialog = useRef(dialogs.open);
  openDialog.current = dialogs.open;

  // Signed out for inactivity, here or by the server's answer: the login opens and says why.
  useEffect(() => {
    if (auth.error === MESSAGES.sessionIdle) openDialog.current('login');
  }, [auth.error]);

  useEffect(() => {
    if (!auth.isAuthenticated || !idleSeconds) return;
    const idleMs = idleSeconds * 1000;
    const warnMs = idleMs - Math.min(60_000, idleMs / 3);
    // Often enough that the server's clock, started at the last request, ends after the dialog's minute.
    const tellServerEvery = Math.min(15_000, idleMs / 10);
    let toldServerAt = Date.now();
    let ended = false;
    markActivity();

    const onActivity = () => {
      if (ended) return;
      // Too late after the limit (a background tab, whose timers the browser slows, coming into view).
      if (Date.now() - lastActivity() >= idleMs) return check();
      markActivity();
      setWarning(false);
      if (Date.now() - toldServerAt >= tellServerEvery) {
        toldServerAt = Date.now();
        // Any authenticated request is activity on the server; the profile read is the smallest.
        void api.get('/users/profile').catch(() => undefined);
      }
    };
    const onVisible = () => document.visibilityState === 'visible' && onActivity();
    const check = () => {
      const idle = Date.now() - lastActivity();
      if (idle >= idleMs) {
        ended = true;
        setWarning(false);
        void signOutIdle();
      } else setWarning(idle >= warnMs);
    };
    window.addEventListener('keydown', onActivity, true);
    window.addEventListener('pointerdown', onActivity, true);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(check, Math.min(1000, idleMs / 20));
    return () => {
      window.removeEventListener('keydown', onActivity, true);
      window.removeEventListener('pointerdown', onActivity, true);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
      setWarning(false);
    };
  }, [auth.isAuthenticated, idleSeconds, signOutIdle]);

  // Loaded only when it shows: Radix's dialog stays out of the first load (docs/architecture.md §15).
  return warning ? (
    <Suspense fallback={null}>
      <StillThereDialog onClose={() => setWarning(false)} />
    </Suspense>
  ) : null;
}
