import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { changePasswordFormSchema, MESSAGES, type ChangePasswordFormInput } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { Dialog } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/dialog-footer';
import { Form, InputField } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { changePassword } from './api/change-password';
import { useDialogProps } from '../dashboard-dialogs';

/** Current password, then a new one with the product's rules, confirmed (docs/product.md §7 Accounts). */
export function ChangePasswordDialog() {
  const dialog = useDialogProps('change-password');
  return (
    <Dialog
      {...dialog}
      title="Change password"
      description="Your other devices will be signed out; this one stays signed in."
    >
      {dialog.open && <ChangePasswordForm onDone={() => dialog.onOpenChange(false)} />}
    </Dialog>
  );
}

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  // A message the server put on a field shows there only; any other one above the form.
  const [alert, setAlert] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (v: ChangePasswordFormInput) =>
      changePassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    onSuccess: ({ message }) => {
      toast.success('Password Changed', { description: message ?? MESSAGES.passwordChanged });
      onDone();
    },
    onMutate: () => setAlert(null),
    onError: (error) => {
      if (!applyServerErrors(form, error, { shouldFocus: true })) {
        setAlert(messageOf(error, 'Failed to change your password'));
      }
    },
  });
  return (
    <Form form={form} onSubmit={(v) => change.mutate(v)} className="space-y-4" aria-label="Change password">
      {alert && <FormAlert>{alert}</FormAlert>}
      <InputField<ChangePasswordFormInput>
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields />
      <FormDialogFooter
        onCancel={onDone}
        isPending={change.isPending}
        cancelWhilePending
        submitLabel="Change Password"
      />
    </Form>
  );
}
