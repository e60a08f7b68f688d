import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { MESSAGES, STAFF_ROLES, loginSchema, type LoginInput } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { messageOf } from '@/lib/api-client';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Form, InputField } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';

export function LoginDialog() {
  const dialogs = useAuthDialogs();
  const auth = useAuth();
  const navigate = useNavigate();
  // Validated on submit: a blur error would shift the links under the fields as they are clicked.
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const login = useMutation({
    mutationFn: auth.login,
    onSuccess: (user) => {
      toast.success('Login Successful', { description: `Welcome back, ${user.firstName}!` });
      form.reset();
      dialogs.close();
      // Care navigators and admins work in their console, not the patient dashboard.
      navigate(STAFF_ROLES.includes(user.role) ? '/navigator' : '/dashboard');
    },
    onError: (error) => {
      toast.error('Login Failed', { description: messageOf(error, MESSAGES.invalidCredentials) });
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
      title="Welcome Back"
      description="Log in to follow your applications and manage your care."
    >
      <Form form={form} onSubmit={(v) => login.mutate(v)} className="space-y-4" aria-label="Log in">
        {login.isError && <FormAlert>{messageOf(login.error, MESSAGES.invalidCredentials)}</FormAlert>}
        {/* Why the session ended, e.g. after inactivity (docs/product.md §7.2). */}
        {!login.isError && auth.error === MESSAGES.sessionIdle && <FormAlert>{auth.error}</FormAlert>}
        <InputField<LoginInput> name="email" label="Email" type="email" autoComplete="email" required />
        <InputField<LoginInput>
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex justify-end">
          <Button variant="link" size="inline" onClick={() => dialogs.open('forgot-password')}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" className="w-full" isLoading={login.isPending}>
          Log In
        </Button>
        <p className="text-center text-sm text-slate-600">
          New to RxBridge?{' '}
          <Button variant="link" size="inline" onClick={() => dialogs.open('signup')}>
            Get Started
          </Button>
        </p>
      </Form>
    </Dialog>
  );
}
