import { useState } from 'react';
import { Building2, CalendarCheck } from 'lucide-react';
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

function BookDemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
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

export function ClinicsSection() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="clinics-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl border border-slate-200 bg-gradient-to-r from-slate-50 to-sky-50 p-8 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-sky-700">
              <Building2 className="size-6" aria-hidden />
            </span>
            <div>
              <h2 id="clinics-title" className="text-2xl font-bold text-slate-900">
                For clinics and prescribers
              </h2>
              <p className="mt-2 max-w-xl text-slate-600">
                Your patients skip doses when they can’t afford them. We take the assistance paperwork off your staff
                and keep you informed at every step.
              </p>
            </div>
          </div>
          <Button size="lg" variant="outline" onClick={() => setOpen(true)}>
            <CalendarCheck aria-hidden /> Book a Demo
          </Button>
        </div>
      </div>
      <BookDemoDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
