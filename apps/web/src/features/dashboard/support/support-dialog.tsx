import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Clock, Mail, Phone, Send } from 'lucide-react';
import { supportMessageSchema, type SupportMessageInput } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { openMailClient } from '@/lib/mail-client';
import { telHref, useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, InputField, TextareaField } from '@/components/ui/form';
import { useDialogProps } from '../dashboard-dialogs';

export function SupportDialog() {
  const dialog = useDialogProps('support');
  const { supportEmail, supportPhone } = useRuntimeConfig();
  const { user } = useAuth();
  const { _ } = useLingui();
  const form = useForm<SupportMessageInput>({
    resolver: zodResolver(supportMessageSchema),
    defaultValues: { subject: '', message: '' },
  });

  const send = (v: SupportMessageInput) => {
    try {
      const from = user ? `\n\n${user.firstName} ${user.lastName} (${user.email})` : '';
      openMailClient(supportEmail, v.subject, `${v.message}${from}`);
      toast.success(_('dashboard.support.opened'), { description: _('dashboard.support.openedBody') });
      form.reset();
      dialog.onOpenChange(false);
    } catch {
      toast.error(_('dashboard.support.mailFailed', { email: supportEmail }));
    }
  };

  return (
    <Dialog
      {...dialog}
      title={_('dashboard.support.title')}
      description={_('dashboard.support.description')}
      className="max-w-lg"
    >
      <ul className="space-y-3 text-sm">
        {supportPhone && (
          <li className="flex items-center gap-3">
            <Phone className="size-5 text-teal-600" aria-hidden />
            <a href={telHref(supportPhone)} className="font-medium text-teal-800 underline-offset-4 hover:underline">
              {supportPhone}
            </a>
          </li>
        )}
        <li className="flex items-center gap-3">
          <Mail className="size-5 text-teal-600" aria-hidden />
          <a
            href={`mailto:${supportEmail}`}
            className="break-all font-medium text-teal-800 underline-offset-4 hover:underline"
          >
            {supportEmail}
          </a>
        </li>
        <li className="flex items-start gap-3 text-slate-600">
          <Clock className="mt-0.5 size-5 shrink-0 text-teal-600" aria-hidden />
          <span>{_('dashboard.support.hours')}</span>
        </li>
      </ul>
      <Form
        form={form}
        onSubmit={send}
        aria-label={_('dashboard.support.form')}
        className="mt-6 space-y-4 border-t border-slate-200 pt-5"
      >
        <InputField<SupportMessageInput> name="subject" label={_('dashboard.support.subject')} required />
        <TextareaField<SupportMessageInput> name="message" label={_('dashboard.support.message')} required rows={4} />
        <Button type="submit" className="w-full">
          <Send aria-hidden /> {_('dashboard.support.send')}
        </Button>
      </Form>
    </Dialog>
  );
}
