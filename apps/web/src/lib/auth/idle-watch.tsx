import { lazy, Suspense, useEffect, useState } from 'react';
import { STAFF_ROLES, type Role } from '@rxbridge/contracts';
import { withCatalogs } from '@/lib/i18n';
import { activityTeller, idleTimes } from '@rxbridge/domain';

const StillThereDialog = lazy(
  withCatalogs(['auth'], () => import('./still-there-dialog').then((m) => ({ default: m.StillThereDialog }))),
);

/** The last activity in any tab of this browser, so one busy tab keeps the others open too. */
const ACTIVITY_KEY = 'lastActivityAt';
const lastActivity = () => Number(localStorage.getItem(ACTIVITY_KEY)) || Date.now();
const markActivity = () => localStorage.setItem(ACTIVITY_KEY, String(Date.now()));

/**
 * The idle clock of a signed-in tab (docs/product.md §7.2): keys, clicks and a tab coming into view are
 * activity; a minute before the limit (a third of it when shorter) a "Still there?" alert dialog asks, and
 * any key or click keeps the session; at the limit `signOutIdle` runs. Activity is told to the server by an
 * authenticated request now and then, the last one always, since the server ends a session idle past the same
 * limit (docs/architecture.md §9); the browser's limit ends a little earlier (idleTimes). Mounted only while
 * signed in.
 */
export function IdleWatch({
  role,
  limits,
  signOutIdle,
  tellServer,
}: {
  role: Role;
  /** The server's idle limits (runtime settings); staff and patients have their own. */
  limits: { staff: number; patient: number };
  signOutIdle(): Promise<void>;
  /** An authenticated request: activity on the server too (passed in, so api-client stays in the entry's chunk). */
  tellServer(): void;
}) {
  const [warning, setWarning] = useState(false);
  const idleSeconds = limits[STAFF_ROLES.includes(role) ? 'staff' : 'patient'];

  useEffect(() => {
    const { limitMs, warnMs, tellEveryMs } = idleTimes(idleSeconds);
    const teller = activityTeller(tellServer, tellEveryMs);
    let ended = false;
    markActivity();

    const onActivity = () => {
      if (ended) return;
      // Too late after the limit (a background tab, whose timers the browser slows, coming into view).
      if (Date.now() - lastActivity() >= limitMs) return check();
      markActivity();
      setWarning(false);
      teller.activity();
    };
    const onVisible = () => document.visibilityState === 'visible' && onActivity();
    const check = () => {
      const idle = Date.now() - lastActivity();
      if (idle >= limitMs) {
        ended = true;
        teller.stop();
        setWarning(false);
        void signOutIdle();
      } else setWarning(idle >= warnMs);
    };
    window.addEventListener('keydown', onActivity, true);
    window.addEventListener('pointerdown', onActivity, true);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(check, Math.min(1000, limitMs / 20));
    return () => {
      teller.stop();
      window.removeEventListener('keydown', onActivity, true);
      window.removeEventListener('pointerdown', onActivity, true);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
      setWarning(false);
    };
  }, [idleSeconds, signOutIdle, tellServer]);

  // Loaded only when it shows: Radix's dialog stays out of the first load (docs/architecture.md §15).
  return warning ? (
    <Suspense fallback={null}>
      <StillThereDialog onClose={() => setWarning(false)} />
    </Suspense>
  ) : null;
}
