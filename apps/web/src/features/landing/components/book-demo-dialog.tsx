import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { demoRequestSchema, type DemoRequestInput } from '@rxbridge/contracts';
import { mailFailureMessage, openMailClient } from '@/lib/mail-client';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, InputField, TextareaField } from '@/components/ui/form';

const empty: DemoRequestInput = { name: '', email: '', phone: '', prescriptions: '' };

export function BookDemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { supportEmail } = useRuntimeConfig();
  const { _ } = useLingui();
  const form = useForm<DemoRequestInput>({
    resolver: zodResolver(demoRequestSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const onSubmit = () => {
    // The raw values: the phone as typed reads better in the email than the normalized one.
    const v = form.getValues();
    const body = [
      `Name: ${v.name}`,
      `Email: ${v.email}`,
      `Phone: ${v.phone}`,
      '',
      'Prescriptions our patients need help with:',
      v.prescriptions?.trim() || 'Not specified',
    ].join('\n');
    try {
      openMailClient(supportEmail, `Demo request from ${v.name}`, body);
      toast.success(_('landing-forms.demo.sent.title'), { description: _('landing-forms.demo.sent.text') });
      form.reset(empty);
      onOpenChange(false);
    } catch {
      toast.error(_('landing-forms.contact.error'), { description: mailFailureMessage(supportEmail) });
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={_('landing-forms.demo.title')}
      description={_('landing-forms.demo.description')}
    >
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label={_('landing-forms.demo.formLabel')}>
        <InputField<DemoRequestInput> name="name" label={_('landing-forms.demo.name')} autoComplete="name" required />
        <InputField<DemoRequestInput>
          name="email"
          label={_('landing-forms.demo.email')}
          type="email"
          autoComplete="email"
          required
        />
        <InputField<DemoRequestInput>
          name="phone"
          label={_('landing-forms.demo.phone')}
          type="tel"
          autoComplete="tel"
          required
        />
        <TextareaField<DemoRequestInput>
          name="prescriptions"
          label={_('landing-forms.demo.prescriptions')}
          hint={_('landing-forms.demo.prescriptionsHint')}
        />
        <Button type="submit" className="w-full">
          {_('landing-forms.demo.submit')}
        </Button>
      </Form>
    </Dialog>
  );
}
