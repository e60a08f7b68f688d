// Part of MESSAGES (messages.ts), also exported alone.
/**
 * The texts of a session (login, signup, idle log-off, resending the verification email), in a module
 * of their own because the web app's first load needs them: importing these leaves the rest of
 * MESSAGES out of the landing page's JavaScript (docs/architecture.md, Languages: the budget).
 */
export const SESSION_MESSAGES = {
  loginNoUser: 'Login failed: No user data received',
  signupNoUser: 'Signup failed: No user data received',
  verificationSent: 'Verification email sent successfully! Check your inbox.',
  resendNeedsLogin: 'Please log in to resend verification email',
  sessionIdle: 'You were signed out after a period of inactivity. Please log in again.',
} as const;
