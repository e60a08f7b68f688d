import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CheckCircle2 } from 'lucide-react';
import { US_STATES, contactFormSchema, type ContactFormInput } from '@rxbridge/contracts';
import { mailFailureMessage, openMailClient } from '@/lib/mail-client';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Form, InputField, SelectField, toOptions } from '@/components/ui/form';

const empty: ContactFormInput = { name: '', email: '', medication: '', state: '' };

/** The contact form and its Thank You view; loaded as the contact section nears the screen. */
export function ContactForm() {
  const { supportEmail } = useRuntimeConfig();
  const [sent, setSent] = useState(false);
  const form = useForm<ContactFormInput>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });

  const onSubmit = (v: ContactFormInput) => {
    const body = [
      `Name: ${v.name}`,
      `Email: ${v.email}`,
      `State: ${v.state}`,
      `Medication: ${v.medication?.trim() || 'Not specified'}`,
      '',
      'I would like to learn whether RxBridge can help me get my medication at little or no cost.',
    ].join('\n');
    try {
      openMailClient(supportEmail, `RxBridge inquiry from ${v.name}`, body);
      toast.success('Contact Form Opened', {
        description: 'Your email app should open with your message ready to send.',
      });
      setSent(true);
    } catch {
      toast.error('Error', { description: mailFailureMessage(supportEmail) });
    }
  };

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      {sent ? (
        <div className="py-6 text-center" role="status">
          <CheckCircle2 className="mx-auto size-14 text-teal-600" aria-hidden />
          <h3 className="mt-4 text-2xl font-bold text-slate-900">Thank You!</h3>
          <p className="mt-2 text-slate-600">
            Your email app should have opened with your message. Send it and a care navigator will reply within 24
            hours.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Nothing opened? Email us directly at{' '}
            <a href={`mailto:${supportEmail}`} className="font-medium text-teal-700 underline">
              {supportEmail}
            </a>
            .
          </p>
          <Button
            variant="outline"
            className="mt-6"
            onClick={() => {
              form.reset(empty);
              setSent(false);
            }}
          >
            Send Another Message
          </Button>
        </div>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Contact form">
          <InputField<ContactFormInput> name="name" label="Name" autoComplete="name" required />
          <InputField<ContactFormInput> name="email" label="Email" type="email" autoComplete="email" required />
          <InputField<ContactFormInput> name="medication" label="Medication (optional)" placeholder="e.g. Eliquis" />
          <SelectField<ContactFormInput> name="state" label="State" options={toOptions(US_STATES)} required />
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              Send Message
            </Button>
            <p className="mt-3 text-xs text-slate-500">
              This opens your email app with a prefilled message. We never share your details.
            </p>
          </div>
        </Form>
      )}
    </div>
  );
}
