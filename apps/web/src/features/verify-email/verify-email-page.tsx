import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Info, MailWarning } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { MESSAGES, localizeMessage } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { localizedPath, useLanguage } from '@/lib/i18n';
import { CardPageShell } from '@/components/layout/page-shell';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { RichText } from '@/components/ui/rich-text';
import { verifyEmailQueryOptions } from './api/verify-email';
import { useResendVerification } from '@/lib/auth/api/resend-verification';

type View =
  | { state: 'loading' }
  | { state: 'success'; name?: string }
  | { state: 'already-verified' }
  | { state: 'error'; message: string };

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
  const { _ } = useLingui();
  const { language } = useLanguage();
  /** Error codes the API may put in the redirect (?status=error&code=...). */
  const codeMessage = (code: string | null) => {
    switch (code) {
      case 'invalid-token':
        return localizeMessage(MESSAGES.invalidVerificationToken, language);
      case 'verification-failed':
        return _('auth.verify.codeFailed');
      case 'server-error':
        return _('auth.verify.serverError');
      default:
        return _('auth.verify.failed');
    }
  };
  const status = params.get('status');
  const token = params.get('token')?.trim() ?? '';
  const query = useQuery({ ...verifyEmailQueryOptions(token), enabled: !status && token !== '' });

  if (status === 'success') return { state: 'success', name: nameFromParam(params.get('user')) };
  if (status === 'already-verified') return { state: 'already-verified' };
  if (status === 'error') return { state: 'error', message: codeMessage(params.get('code')) };
  if (!token) return { state: 'error', message: localizeMessage(MESSAGES.noVerificationToken, language) };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) {
    const e = query.error;
    if (!(e instanceof ApiError)) return { state: 'error', message: _('auth.verify.network') };
    return { state: 'error', message: messageOf(e, _('auth.verify.failedTitle')) };
  }
  if (query.data.data?.alreadyVerified) return { state: 'already-verified' };
  // The answer carries no profile: the name comes from this browser's own session, only when it is the account the
  // link verified (a shared computer's signed-in patient is not thanked for another's address).
  const verified = query.data.data?.user?.id;
  return { state: 'success', name: user && verified === user.id ? user.firstName : undefined };
}

export function VerifyEmailPage() {
  const view = useVerification();
  const navigate = useNavigate();
  const dialogs = useAuthDialogs();
  const { refreshUser, isInitializing } = useAuth();
  const { supportEmail } = useRuntimeConfig();
  const { _ } = useLingui();
  const { language } = useLanguage();
  const said = (message: string) => localizeMessage(message, language);

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
          <Spinner label={_('auth.verify.spinner')} />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{_('auth.verify.verifying')}</h1>
          <p className="mt-2 text-slate-600">{_('auth.verify.moment')}</p>
        </>
      )}
      {(view.state === 'success' || view.state === 'already-verified') && (
        <>
          <CheckCircle2 className="mx-auto size-14 text-teal-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">
            {view.state === 'success' ? _('auth.verify.verified') : _('auth.verify.already')}
          </h1>
          <p className="mt-2 text-slate-600">
            {view.state === 'success'
              ? `${view.name ? `${_('auth.verify.thanks', { name: view.name })} ` : ''}${said(MESSAGES.emailVerified)}.`
              : `${said(MESSAGES.emailAlreadyVerified)}. ${_('auth.verify.allSet')}`}
          </p>
          <Link to="/dashboard" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
            {_('auth.verify.toDashboard')}
          </Link>
        </>
      )}
      {view.state === 'error' && (
        <>
          <MailWarning className="mx-auto size-14 text-amber-500" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{_('auth.verify.failedTitle')}</h1>
          <p className="mt-2 text-slate-700" role="alert">
            {view.message}
          </p>
          {resend.isError && (
            <p className="mt-3 text-sm text-red-600">{messageOf(resend.error, _('auth.resend.failed'))}</p>
          )}
          {resend.isSuccess && <p className="mt-3 text-sm text-teal-700">{said(MESSAGES.verificationSent)}</p>}
          <div className="mt-6 space-y-3">
            <Button size="lg" className="w-full" isLoading={resend.isPending} onClick={() => resend.mutate()}>
              {_('auth.verify.resend')}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              className="w-full"
              onClick={() => {
                navigate(localizedPath('/', language));
                dialogs.open('login');
              }}
            >
              {_('auth.verify.backToLogin')}
            </Button>
          </div>
          <p className="mt-6 flex gap-2 rounded-lg bg-slate-50 p-3 text-left text-sm text-slate-600">
            <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            <span>
              <RichText
                message={_('auth.verify.linksExpire', { email: supportEmail })}
                components={{ 0: <a href={`mailto:${supportEmail}`} className="text-teal-700 underline" /> }}
              />
            </span>
          </p>
        </>
      )}
    </CardPageShell>
  );
}
