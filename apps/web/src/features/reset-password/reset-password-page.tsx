import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, MailWarning } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { MESSAGES, localizeMessage, resetLinkFormSchema, type ResetLinkFormInput } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { useTokenFromLink } from '@/lib/token-from-link';
import { localizedPath, useLanguage } from '@/lib/i18n';
import { CardPageShell } from '@/components/layout/page-shell';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { resetPasswordWithToken } from './api/reset-password-with-token';

/** /reset-password?token=: the page the reset email links to; a new password, confirmed, with the code flow's rules. */
export function ResetPasswordPage() {
  const token = useTokenFromLink('/reset-password');
  const navigate = useNavigate();
  const dialogs = useAuthDialogs();
  const { _ } = useLingui();
  const { language } = useLanguage();
  const deadLink = localizeMessage(MESSAGES.invalidResetToken, language);
  const form = useForm<ResetLinkFormInput>({
    resolver: zodResolver(resetLinkFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  // A message the server put on a field shows there only; any other one above the form.
  const [alert, setAlert] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (v: ResetLinkFormInput) => resetPasswordWithToken({ token, newPassword: v.newPassword }),
    onMutate: () => setAlert(null),
    onError: (error) => {
      if (!applyServerErrors(form, error)) setAlert(messageOf(error, _('auth.resetFailed')));
    },
  });
  // An unusable link (expired, used, altered) can only be replaced by a new one; other errors allow a retry.
  const linkDead =
    !token ||
    (reset.error instanceof ApiError && (reset.error.code === 'invalid-reset-token' || !!reset.error.fields?.token));

  const openDialog = (dialog: 'login' | 'forgot-password') => {
    // The home page in the patient's language (docs/product.md, Languages).
    navigate(localizedPath('/', language));
    dialogs.open(dialog);
  };

  return (
    <CardPageShell cardClassName="p-6 sm:p-8">
      {reset.isSuccess ? (
        <div className="text-center">
          <CheckCircle2 className="mx-auto size-14 text-teal-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{_('auth.resetPage.doneTitle')}</h1>
          <p className="mt-2 text-slate-600">{localizeMessage(MESSAGES.passwordResetDone, language)}</p>
          <Button size="lg" className="mt-6 w-full" onClick={() => openDialog('login')}>
            {_('auth.login.submit')}
          </Button>
        </div>
      ) : linkDead ? (
        <div className="text-center">
          <MailWarning className="mx-auto size-14 text-amber-500" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{_('auth.resetPage.deadTitle')}</h1>
          <p className="mt-2 text-slate-700" role="alert">
            {token ? messageOf(reset.error, deadLink) : deadLink}
          </p>
          <Button size="lg" className="mt-6 w-full" onClick={() => openDialog('forgot-password')}>
            {_('auth.resetPage.requestNew')}
          </Button>
          <Button size="lg" variant="secondary" className="mt-3 w-full" onClick={() => openDialog('login')}>
            {_('auth.backToLogin')}
          </Button>
        </div>
      ) : (
        <>
          <KeyRound className="mx-auto size-12 text-teal-600" aria-hidden />
          <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{_('auth.resetPage.title')}</h1>
          <p className="mb-6 mt-2 text-center text-slate-600">{_('auth.resetPage.intro')}</p>
          <Form
            form={form}
            onSubmit={(v) => reset.mutate(v)}
            className="space-y-4"
            aria-label={_('auth.resetPage.formLabel')}
          >
            {alert && <FormAlert>{alert}</FormAlert>}
            <NewPasswordFields />
            <Button type="submit" size="lg" className="w-full" isLoading={reset.isPending}>
              {_('auth.resetSubmit')}
            </Button>
          </Form>
        </>
      )}
    </CardPageShell>
  );
}
