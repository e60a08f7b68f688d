import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
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
      toast.success('Reset Code Sent', { description: message ?? 'Check your email for the 6-digit code.' });
      setEmail(input.email.trim());
      setStep(2);
    },
    onError: (error) => toast.error('Error', { description: messageOf(error, 'Failed to send reset code') }),
  });

  const reset = useMutation({
    mutationFn: (v: ResetForm) => resetPassword({ email, code: v.code, newPassword: v.newPassword }),
    onSuccess: ({ message }) => {
      toast.success('Password Reset Successfully', {
        description: message ?? 'You can now log in with your new password.',
      });
      startOver();
      dialogs.open('login');
    },
    onError: (error) => toast.error('Error', { description: messageOf(error, 'Failed to reset password') }),
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
      title="Reset your password"
      description={
        step === 1
          ? "Enter your account's email and we'll send you a 6-digit code."
          : `Enter the 6-digit code we sent to ${email} and choose a new password.`
      }
    >
      <p className="mb-4 text-xs font-semibold uppercase tracking-wide text-teal-700">Step {step} of 2</p>
      {step === 1 ? (
        <Form
          form={emailForm}
          onSubmit={(v) => sendCode.mutate(v)}
          className="space-y-4"
          aria-label="Request reset code"
        >
          <InputField<ForgotPasswordInput> name="email" label="Email" type="email" autoComplete="email" required />
          <Button type="submit" className="w-full" isLoading={sendCode.isPending}>
            Send Reset Code
          </Button>
          <Button variant="link" className="w-full" onClick={() => dialogs.open('login')}>
            Back to Log In
          </Button>
        </Form>
      ) : (
        <Form form={resetForm} onSubmit={(v) => reset.mutate(v)} className="space-y-4" aria-label="Reset password">
          <div>
            <Label htmlFor="reset-code">6-digit code</Label>
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
            Reset Password
          </Button>
          <Button variant="secondary" className="w-full" onClick={() => setStep(1)}>
            Back
          </Button>
        </Form>
      )}
    </Dialog>
  );
}
