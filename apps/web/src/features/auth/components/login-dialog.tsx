import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { MESSAGES, STAFF_ROLES, localizeMessage, loginSchema, type LoginInput } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { useLanguage } from '@/lib/i18n';
import { messageOf } from '@/lib/api-client';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Form, InputField } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';

export function LoginDialog() {
  const dialogs = useAuthDialogs();
  const auth = useAuth();
  const navigate = useNavigate();
  const { _ } = useLingui();
  const { language } = useLanguage();
  // The server's answer, said in the active language when it is one of the shared messages.
  const failure = (error: unknown) => localizeMessage(messageOf(error, MESSAGES.invalidCredentials), language);
  // Validated on submit: a blur error would shift the links under the fields as they are clicked.
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const login = useMutation({
    mutationFn: auth.login,
    onSuccess: (user) => {
      toast.success(_('auth.login.success'), { description: _('auth.login.welcomeBack', { name: user.firstName }) });
      form.reset();
      dialogs.close();
      // Care navigators and admins work in their console, not the patient dashboard.
      navigate(STAFF_ROLES.includes(user.role) ? '/navigator' : '/dashboard');
    },
    onError: (error) => {
      toast.error(_('auth.login.failed'), { description: failure(error) });
    },
  });

  const onOpenChange = (open: boolean) => {
    if (open) return;
    dialogs.close();
    login.reset();
    auth.clearError();
  };

  return (
    <Dialog
      open={dialogs.current === 'login'}
      onOpenChange={onOpenChange}
      title={_('auth.login.title')}
      description={_('auth.login.description')}
    >
      <Form form={form} onSubmit={(v) => login.mutate(v)} className="space-y-4" aria-label={_('auth.login.formLabel')}>
        {login.isError && <FormAlert>{failure(login.error)}</FormAlert>}
        {/* Why the session ended, e.g. after inactivity (docs/product.md §7.2). */}
        {!login.isError && auth.error === MESSAGES.sessionIdle && (
          <FormAlert>{localizeMessage(auth.error, language)}</FormAlert>
        )}
        <InputField<LoginInput> name="email" label={_('auth.field.email')} type="email" autoComplete="email" required />
        <InputField<LoginInput>
          name="password"
          label={_('auth.field.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex justify-end">
          <Button variant="link" size="inline" onClick={() => dialogs.open('forgot-password')}>
            {_('auth.login.forgot')}
          </Button>
        </div>
        <Button type="submit" className="w-full" isLoading={login.isPending}>
          {_('auth.login.submit')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {_('auth.login.newHere')}{' '}
          <Button variant="link" size="inline" onClick={() => dialogs.open('signup')}>
            {_('auth.login.getStarted')}
          </Button>
        </p>
      </Form>
    </Dialog>
  );
}
