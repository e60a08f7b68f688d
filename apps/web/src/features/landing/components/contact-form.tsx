import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CheckCircle2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { US_STATES, contactFormSchema, type ContactFormInput } from '@rxbridge/contracts';
import { mailFailureMessage, openMailClient } from '@/lib/mail-client';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Form, InputField, SelectField, toOptions } from '@/components/ui/form';

const empty: ContactFormInput = { name: '', email: '', medication: '', state: '' };

/** The contact form and its Thank You view; loaded as the contact section nears the screen. */
export function ContactForm() {
  const { supportEmail } = useRuntimeConfig();
  const { _ } = useLingui();
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
      toast.success(_('landing-forms.contact.opened.title'), {
        description: _('landing-forms.contact.opened.text'),
      });
      setSent(true);
    } catch {
      toast.error(_('landing-forms.contact.error'), { description: mailFailureMessage(supportEmail) });
    }
  };

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      {sent ? (
        <div className="py-6 text-center" role="status">
          <CheckCircle2 className="mx-auto size-14 text-teal-600" aria-hidden />
          <h3 className="mt-4 text-2xl font-bold text-slate-900">{_('landing-forms.contact.thanks')}</h3>
          <p className="mt-2 text-slate-600">{_('landing-forms.contact.thanksText')}</p>
          <p className="mt-2 text-sm text-slate-600">
            <Trans
              id="landing-forms.contact.nothingOpened"
              values={{ email: supportEmail }}
              components={{ 0: <a href={`mailto:${supportEmail}`} className="font-medium text-teal-700 underline" /> }}
            />
          </p>
          <Button
            variant="outline"
            className="mt-6"
            onClick={() => {
              form.reset(empty);
              setSent(false);
            }}
          >
            {_('landing-forms.contact.another')}
          </Button>
        </div>
      ) : (
        <Form
          form={form}
          onSubmit={onSubmit}
          className="grid gap-4 sm:grid-cols-2"
          aria-label={_('landing-forms.contact.formLabel')}
        >
          <InputField<ContactFormInput>
            name="name"
            label={_('landing-forms.contact.name')}
            autoComplete="name"
            required
          />
          <InputField<ContactFormInput>
            name="email"
            label={_('landing-forms.contact.email')}
            type="email"
            autoComplete="email"
            required
          />
          <InputField<ContactFormInput>
            name="medication"
            label={_('landing-forms.contact.medication')}
            placeholder={_('landing-forms.contact.medicationPlaceholder')}
          />
          <SelectField<ContactFormInput>
            name="state"
            label={_('landing-forms.contact.state')}
            options={toOptions(US_STATES)}
            required
          />
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              {_('landing-forms.contact.send')}
            </Button>
            <p className="mt-3 text-xs text-slate-500">{_('landing-forms.contact.note')}</p>
          </div>
        </Form>
      )}
    </div>
  );
}
