import { LoginDialog } from './components/login-dialog';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { SignupWizard } from './components/signup-wizard/signup-wizard';

/** The sign-in dialogs, mounted once; any page opens them through useAuthDialogs(). */
export function AuthDialogs() {
  return (
    <>
      <LoginDialog />
      <ForgotPasswordDialog />
      <SignupWizard />
    </>
  );
}
