import { lazy, Suspense, useEffect, useRef } from 'react';
import { SESSION_MESSAGES } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useAuth } from './auth-provider';

// The idle clock loads only for a signed-in user: a visitor's first load does without it.
const IdleWatch = lazy(() => import('./idle-watch').then((m) => ({ default: m.IdleWatch })));

/** Any authenticated request is activity on the server; the profile read is the smallest. */
const tellServer = () => void api.get('/users/profile').catch(() => undefined);

/**
 * Idle logoff in the browser (docs/product.md §7.2): while signed in, the idle clock (idle-watch.tsx)
 * warns and then signs out at the server's idle limit; signed out for inactivity, here or
 * by the server's answer, the login opens and says why.
 */
export function IdleLogoff() {
  const auth = useAuth();
  const dialogs = useAuthDialogs();
  const { sessionIdleSeconds } = useRuntimeConfig();
  const openDialog = useRef(dialogs.open);
  openDialog.current = dialogs.open;

  useEffect(() => {
    if (auth.error === SESSION_MESSAGES.sessionIdle) openDialog.current('login');
  }, [auth.error]);

  return auth.isAuthenticated && auth.user && sessionIdleSeconds ? (
    <Suspense fallback={null}>
      <IdleWatch
        role={auth.user.role}
        limits={sessionIdleSeconds}
        signOutIdle={auth.signOutIdle}
        tellServer={tellServer}
      />
    </Suspense>
  ) : null;
}
