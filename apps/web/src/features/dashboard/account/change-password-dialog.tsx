import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { changePasswordFormSchema, localizeMessage, MESSAGES, type ChangePasswordFormInput } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors, serverFieldErrors } from '@/lib/server-errors';
import { useLanguage } from '@/lib/i18n';
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
  const { _ } = useLingui();
  return (
    <Dialog {...dialog} title={_('account.password.title')} description={_('account.password.description')}>
      {dialog.open && <ChangePasswordForm onDone={() => dialog.onOpenChange(false)} />}
    </Dialog>
  );
}

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const { _ } = useLingui();
  const { language } = useLanguage();
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  // A message the server put on a field shows there only; any other one above the form.
  const [alert, setAlert] = useState<string | null>(null);
  // Whether the form is still on screen: Cancel stays enabled while the change is on its way (cancelWhilePending),
  // and a refusal arriving once the dialog is closed is toasted, or the patient is told nothing.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const change = useMutation({
    mutationFn: (v: ChangePasswordFormInput) =>
      changePassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    onSuccess: ({ message }) => {
      toast.success(_('account.password.changed'), {
        description: message ?? localizeMessage(MESSAGES.passwordChanged, language),
      });
      onDone();
    },
    onMutate: () => setAlert(null),
    onError: (error) => {
      if (!shown.current) {
        const description = serverFieldErrors(error)[0]?.[1] ?? messageOf(error, _('account.password.failed'));
        return void toast.error(_('account.password.failed'), { description });
      }
      if (!applyServerErrors(form, error, { shouldFocus: true })) {
        setAlert(messageOf(error, _('account.password.failed')));
      }
    },
  });
  return (
    <Form form={form} onSubmit={(v) => change.mutate(v)} className="space-y-4" aria-label={_('account.password.title')}>
      {alert && <FormAlert>{alert}</FormAlert>}
      <InputField<ChangePasswordFormInput>
        name="currentPassword"
        label={_('account.password.current')}
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields />
      <FormDialogFooter
        onCancel={onDone}
        isPending={change.isPending}
        cancelWhilePending
        submitLabel={_('account.password.submit')}
      />
    </Form>
  );
}
