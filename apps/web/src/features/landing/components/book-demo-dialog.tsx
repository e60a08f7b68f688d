import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { demoRequestSchema, type DemoRequestInput } from '@rxbridge/contracts';
import { mailFailureMessage, openMailClient } from '@/lib/mail-client';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, InputField, TextareaField } from '@/components/ui/form';

const empty: DemoRequestInput = { name: '', email: '', phone: '', prescriptions: '' };

export function BookDemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { supportEmail } = useRuntimeConfig();
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
      toast.success('Demo Request Sent', {
        description: 'Your email app opened with the request. We will be in touch within 24 hours.',
      });
      form.reset(empty);
      onOpenChange(false);
    } catch {
      toast.error('Error', { description: mailFailureMessage(supportEmail) });
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Book a Demo"
      description="See how RxBridge helps your patients get their medications at little or no cost."
    >
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label="Book a demo">
        <InputField<DemoRequestInput> name="name" label="Name" autoComplete="name" required />
        <InputField<DemoRequestInput> name="email" label="Work email" type="email" autoComplete="email" required />
        <InputField<DemoRequestInput> name="phone" label="Phone" type="tel" autoComplete="tel" required />
        <TextareaField<DemoRequestInput>
          name="prescriptions"
          label="Prescriptions"
          hint="One medication per line, e.g. the ones your patients struggle to afford"
        />
        <Button type="submit" className="w-full">
          Request Demo
        </Button>
      </Form>
    </Dialog>
  );
}
