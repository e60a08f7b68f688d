import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { resetCodeFormSchema } from '@rxbridge/contracts';
import type { z } from 'zod';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { messageOf } from '@/lib/api-client';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { FieldError, Form, InputField } from '@/components/ui/form';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { Input, Label } from '@/components/ui/input';
import { forgotPasswordSchema, requestResetCode, type ForgotPasswordInput } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';

type ResetForm = z.input<typeof resetCodeFormSchema>;

/** Two steps: ask for the email and send a code; then the 6-digit code and a new password. */
export function ForgotPasswordDialog() {
  const dialogs = useAuthDialogs();
  const { _ } = useLingui();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const emailForm = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const resetForm = useForm<ResetForm>({
    resolver: zodResolver(resetCodeFormSchema),
    defaultValues: { code: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const code = useWatch({ control: resetForm.control, name: 'code' });

  const sendCode = useMutation({
    mutationFn: requestResetCode,
    onSuccess: ({ message }, input) => {
      toast.success(_('auth.forgot.sent'), { description: message ?? _('auth.forgot.checkEmail') });
      setEmail(input.email.trim());
      setStep(2);
    },
    onError: (error) => toast.error(_('auth.error'), { description: messageOf(error, _('auth.forgot.sendFailed')) }),
  });

  const reset = useMutation({
    mutationFn: (v: ResetForm) => resetPassword({ email, code: v.code, newPassword: v.newPassword }),
    onSuccess: ({ message }) => {
      toast.success(_('auth.forgot.done'), { description: message ?? _('auth.forgot.canLogIn') });
      startOver();
      dialogs.open('login');
    },
    onError: (error) => toast.error(_('auth.error'), { description: messageOf(error, _('auth.resetFailed')) }),
  });

  const startOver = () => {
    setStep(1);
    emailForm.reset();
    resetForm.reset();
    sendCode.reset();
    reset.reset();
  };

  const codeField = resetForm.register('code');

  return (
    <Dialog
      open={dialogs.current === 'forgot-password'}
      onOpenChange={(open) => {
        if (!open) {
          dialogs.close();
          startOver();
        }
      }}
      title={_('auth.forgot.title')}
      description={step === 1 ? _('auth.forgot.askEmail') : _('auth.forgot.askCode', { email })}
    >
      <p className="mb-4 text-xs font-semibold uppercase tracking-wide text-teal-700">
        {_('auth.forgot.stepOf', { step })}
      </p>
      {step === 1 ? (
        <Form
          form={emailForm}
          onSubmit={(v) => sendCode.mutate(v)}
          className="space-y-4"
          aria-label={_('auth.forgot.requestLabel')}
        >
          <InputField<ForgotPasswordInput>
            name="email"
            label={_('auth.field.email')}
            type="email"
            autoComplete="email"
            required
          />
          <Button type="submit" className="w-full" isLoading={sendCode.isPending}>
            {_('auth.forgot.send')}
          </Button>
          <Button variant="link" className="w-full" onClick={() => dialogs.open('login')}>
            {_('auth.backToLogin')}
          </Button>
        </Form>
      ) : (
        <Form
          form={resetForm}
          onSubmit={(v) => reset.mutate(v)}
          className="space-y-4"
          aria-label={_('auth.forgot.resetLabel')}
        >
          <div>
            <Label htmlFor="reset-code">{_('auth.forgot.code')}</Label>
            <Input
              id="reset-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="text-center text-lg tracking-[0.5em]"
              aria-invalid={resetForm.formState.errors.code ? true : undefined}
              aria-describedby="reset-code-error"
              {...codeField}
              onChange={(e) => {
                // Digits only, at most six.
                e.target.value = e.target.value.replace(/\D/g, '').slice(0, 6);
                return codeField.onChange(e);
              }}
            />
            <FieldError id="reset-code-error" message={resetForm.formState.errors.code?.message} />
          </div>
          <NewPasswordFields />
          <Button type="submit" className="w-full" disabled={code.length !== 6} isLoading={reset.isPending}>
            {_('auth.resetSubmit')}
          </Button>
          <Button variant="secondary" className="w-full" onClick={() => setStep(1)}>
            {_('auth.back')}
          </Button>
        </Form>
      )}
    </Dialog>
  );
}
