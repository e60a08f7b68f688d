import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Clock, Mail, Phone, Send } from 'lucide-react';
import { supportMessageSchema, type SupportMessageInput } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { mailFailureMessage, openMailClient } from '@/lib/mail-client';
import { telHref, useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, InputField, TextareaField } from '@/components/ui/form';
import { useDialogProps } from '../dashboard-dialogs';

export function SupportDialog() {
  const dialog = useDialogProps('support');
  const { supportEmail, supportPhone } = useRuntimeConfig();
  const { user } = useAuth();
  const form = useForm<SupportMessageInput>({
    resolver: zodResolver(supportMessageSchema),
    defaultValues: { subject: '', message: '' },
  });

  const send = (v: SupportMessageInput) => {
    try {
      const from = user ? `\n\n${user.firstName} ${user.lastName} (${user.email})` : '';
      openMailClient(supportEmail, v.subject, `${v.message}${from}`);
      toast.success('Contact Form Opened', { description: 'Your email app has the message ready to send.' });
      form.reset();
      dialog.onOpenChange(false);
    } catch {
      toast.error(mailFailureMessage(supportEmail));
    }
  };

  return (
    <Dialog
      {...dialog}
      title="Contact support"
      description="Our care team is here to help with your applications, billing or anything else."
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
          <span>Monday-Friday 9:00 AM - 4:30 PM EST. We reply to emails within 24 hours.</span>
        </li>
      </ul>
      <Form
        form={form}
        onSubmit={send}
        aria-label="Message support"
        className="mt-6 space-y-4 border-t border-slate-200 pt-5"
      >
        <InputField<SupportMessageInput> name="subject" label="Subject" required />
        <TextareaField<SupportMessageInput> name="message" label="Message" required rows={4} />
        <Button type="submit" className="w-full">
          <Send aria-hidden /> Email Support
        </Button>
      </Form>
    </Dialog>
  );
}
