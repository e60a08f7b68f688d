import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Info, MailWarning } from 'lucide-react';
import { MESSAGES } from '@rxbridge/contracts';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { CardPageShell } from '@/components/layout/page-shell';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { verifyEmailQueryOptions } from './api/verify-email';
import { useResendVerification } from '@/lib/auth/api/resend-verification';

type View =
  | { state: 'loading' }
  | { state: 'success'; name?: string }
  | { state: 'already-verified' }
  | { state: 'error'; message: string };

/** Error codes the API may put in the redirect (?status=error&code=...). */
const CODE_MESSAGES: Record<string, string> = {
  'invalid-token': MESSAGES.invalidVerificationToken,
  'verification-failed': 'Email verification failed. Please try again.',
  'server-error': 'Server error occurred. Please try again later.',
};

function nameFromParam(raw: string | null): string | undefined {
  if (!raw) return undefined;
  try {
    const user = JSON.parse(raw) as { firstName?: unknown };
    return typeof user.firstName === 'string' ? user.firstName : undefined;
  } catch {
    return undefined;
  }
}

function useVerification(): View {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const status = params.get('status');
  const token = params.get('token')?.trim() ?? '';
  const query = useQuery({ ...verifyEmailQueryOptions(token), enabled: !status && token !== '' });

  if (status === 'success') return { state: 'success', name: nameFromParam(params.get('user')) };
  if (status === 'already-verified') return { state: 'already-verified' };
  if (status === 'error')
    return { state: 'error', message: CODE_MESSAGES[params.get('code') ?? ''] ?? 'Email verification failed' };
  if (!token) return { state: 'error', message: MESSAGES.noVerificationToken };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) {
    const e = query.error;
    if (!(e instanceof ApiError))
      return { state: 'error', message: 'Network error. Please check your connection and try again.' };
    return { state: 'error', message: e.message || 'Verification failed' };
  }
  if (query.data.data?.alreadyVerified) return { state: 'already-verified' };
  // The answer carries no profile: the name comes from this browser's own session, if any.
  return { state: 'success', name: user?.firstName };
}

export function VerifyEmailPage() {
  const view = useVerification();
  const navigate = useNavigate();
  const dialogs = useAuthDialogs();
  const { refreshUser, isInitializing } = useAuth();
  const { supportEmail } = useRuntimeConfig();

  // A signed-in user should see "Email Verified: Yes" on the dashboard straight away. Only once the
  // start-up profile fetch is over: asking while it is in flight would get its (older) answer back.
  useEffect(() => {
    if (isInitializing) return;
    if (view.state === 'success' || view.state === 'already-verified') void refreshUser().catch(() => undefined);
  }, [view.state, refreshUser, isInitializing]);

  const resend = useResendVerification();

  return (
    <CardPageShell cardClassName="p-8 text-center">
      {view.state === 'loading' && (
        <>
          <Spinner label="Verifying your email" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Verifying your email…</h1>
          <p className="mt-2 text-slate-600">This only takes a moment.</p>
        </>
      )}
      {(view.state === 'success' || view.state === 'already-verified') && (
        <>
          <CheckCircle2 className="mx-auto size-14 text-teal-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">
            {view.state === 'success' ? 'Email verified!' : 'Email already verified'}
          </h1>
          <p className="mt-2 text-slate-600">
            {view.state === 'success'
              ? `${view.name ? `Thank you, ${view.name}. ` : ''}${MESSAGES.emailVerified}.`
              : `${MESSAGES.emailAlreadyVerified}. You're all set.`}
          </p>
          <Link to="/dashboard" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
            Go to Dashboard
          </Link>
        </>
      )}
      {view.state === 'error' && (
        <>
          <MailWarning className="mx-auto size-14 text-amber-500" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Verification failed</h1>
          <p className="mt-2 text-slate-700" role="alert">
            {view.message}
          </p>
          {resend.isError && <p className="mt-3 text-sm text-red-600">{resend.error.message}</p>}
          {resend.isSuccess && <p className="mt-3 text-sm text-teal-700">{MESSAGES.verificationSent}</p>}
          <div className="mt-6 space-y-3">
            <Button size="lg" className="w-full" isLoading={resend.isPending} onClick={() => resend.mutate()}>
              Resend Verification Email
            </Button>
            <Button
              size="lg"
              variant="secondary"
              className="w-full"
              onClick={() => {
                navigate('/');
                dialogs.open('login');
              }}
            >
              Back to Login
            </Button>
          </div>
          <p className="mt-6 flex gap-2 rounded-lg bg-slate-50 p-3 text-left text-sm text-slate-600">
            <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            <span>
              Verification links expire. Log in and resend a new link, check your spam folder, or contact{' '}
              <a href={`mailto:${supportEmail}`} className="text-teal-700 underline">
                {supportEmail}
              </a>
              .
            </span>
          </p>
        </>
      )}
    </CardPageShell>
  );
}
