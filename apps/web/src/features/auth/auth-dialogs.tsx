import { lazy, Suspense, useState } from 'react';
import { useAuthDialogs, type AuthDialog } from '@/lib/auth-dialogs';
import { withCatalogs } from '@/lib/i18n';

// Each dialog (with its form and zod schemas) loads the first time it opens, then stays mounted so
// it closes with its animation and keeps what was typed, as before. Its catalogues come with its code.
const DIALOGS = {
  login: lazy(
    withCatalogs(['auth'], () => import('./components/login-dialog').then((m) => ({ default: m.LoginDialog }))),
  ),
  'forgot-password': lazy(
    withCatalogs(['auth'], () =>
      import('./components/forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
    ),
  ),
  signup: lazy(
    withCatalogs(['auth', 'signup', 'person', 'care', 'records'], () =>
      import('./components/signup-wizard/signup-wizard').then((m) => ({ default: m.SignupWizard })),
    ),
  ),
};
type DialogName = Exclude<AuthDialog, null>;

/** The sign-in dialogs, mounted once; any page opens them through useAuthDialogs(). */
export function AuthDialogs() {
  const { current } = useAuthDialogs();
  const [opened, setOpened] = useState<DialogName[]>([]);
  if (current && !opened.includes(current)) setOpened([...opened, current]);
  return opened.map((name) => {
    const Dialog = DIALOGS[name];
    return (
      <Suspense key={name} fallback={null}>
        <Dialog />
      </Suspense>
    );
  });
}
