import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ArrowRight, Plus } from 'lucide-react';
import {
  FREQUENCIES,
  MESSAGES,
  prescriptionSchema,
  type ApplicationView,
  type DoctorView,
  type PrescriptionPayload,
  type PrescriptionView,
} from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Form, InputField, SelectField, toOptions } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePrescriptions } from './api/get-prescriptions';
import { useDoctors } from './api/get-doctors';
import { useApplications } from '../applications/api/get-applications';
import { usePrescriptionMutations } from './api/save-prescription';
import { useDashboardDialogs, useDialogProps } from '../dashboard-dialogs';
import { useCheckout } from '../billing/checkout';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { LoadError } from '../load-error';
import { RowActions } from './row-actions';
import { hasMissingFields, missingFieldsToast, rowFieldOf, rowResolver, useEditableRows } from './row-form';

interface PrescriptionFormValues {
  medication: string;
  dosage: string;
  frequency: string;
  doctorId: string;
  diagnosisCode: string;
  quantity: string;
  daysSupply: string;
}

const toFormValues = (p: PrescriptionView | null): PrescriptionFormValues => ({
  medication: p?.medication ?? '',
  dosage: p?.dosage ?? '',
  frequency: p?.frequency ?? '',
  doctorId: p?.doctorId ?? '',
  diagnosisCode: p?.diagnosisCode ?? '',
  quantity: p?.quantity == null ? '' : String(p.quantity),
  daysSupply: p?.daysSupply == null ? '' : String(p.daysSupply),
});

const resolver = rowResolver<PrescriptionFormValues, PrescriptionPayload>(
  prescriptionSchema as never,
  MESSAGES.prescriptionMissingFields,
);
const FREQUENCY_OPTIONS = toOptions(FREQUENCIES);

export function PrescriptionsDialog() {
  const dialog = useDialogProps('prescriptions');
  return (
    <Dialog
      {...dialog}
      title="Prescriptions"
      description="The medications we apply for. Each one gets its own assistance application."
      className="max-w-3xl"
    >
      {dialog.open && <PrescriptionRows />}
    </Dialog>
  );
}

function PrescriptionRows() {
  const prescriptions = usePrescriptions();
  const doctors = useDoctors();
  const applications = useApplications();
  const rows = useEditableRows(prescriptions.data, 'prescription');
  if (prescriptions.isPending) return <Spinner className="flex justify-center py-8" label="Loading prescriptions" />;
  if (prescriptions.isError) {
    return (
      <LoadError
        title="Failed to load prescriptions data"
        error={prescriptions.error}
        onRetry={() => prescriptions.refetch()}
      />
    );
  }
  return (
    <div className="space-y-4">
      {rows.rows.map((row, i) => (
        <PrescriptionRow
          key={row.id}
          id={row.id}
          prescription={row.record}
          application={applications.data?.find((a) => a.prescriptionId === row.id)}
          doctors={doctors.data ?? []}
          index={i}
          canRemove={rows.canRemoveDraft}
          onRemove={() => rows.removeDraft(row.id)}
          onCreated={() => rows.saved(row.id)}
        />
      ))}
      <Button variant="outline" className="w-full" onClick={rows.add}>
        <Plus aria-hidden /> Add Prescription
      </Button>
    </div>
  );
}

function PrescriptionRow({
  id,
  prescription,
  application,
  doctors,
  index,
  canRemove,
  onRemove,
  onCreated,
}: {
  id: string;
  prescription: PrescriptionView | null;
  application: ApplicationView | undefined;
  doctors: DoctorView[];
  index: number;
  canRemove: boolean;
  onRemove(): void;
  onCreated(): void;
}) {
  const form = useForm<PrescriptionFormValues, unknown, PrescriptionPayload>({
    resolver,
    defaultValues: toFormValues(prescription),
  });
  const { save, remove } = usePrescriptionMutations();
  const dialogs = useDashboardDialogs();
  const { openUrl } = useCheckout();
  const [confirming, setConfirming] = useState(false);
  const isNew = prescription === null;
  const missing = hasMissingFields(form.formState.errors);
  const doctorOptions = doctors.map((d) => ({
    value: d.id,
    label: `Dr. ${d.firstName} ${d.lastName} (${d.specialty})`,
  }));

  const onSubmit = (payload: PrescriptionPayload) =>
    save.mutateAsync({ id: isNew ? null : id, payload }).then(
      ({ prescription: saved, subscriptionUpdate }) => {
        toast.success(isNew ? 'Prescription Created' : 'Prescription Updated', { description: saved.medication });
        if (!isNew) {
          form.reset(toFormValues(saved));
          return;
        }
        onCreated();
        // docs/product.md: a new prescription changes the plan, so the subscription is shown next;
        // a paid plan without a card goes on to payment.
        dialogs.openBilling('subscription');
        if (subscriptionUpdate?.checkoutUrl) openUrl(subscriptionUpdate.checkoutUrl);
      },
      (error) => {
        console.error('Failed to save prescription', error);
        applyServerErrors(form, error, { fieldOf: rowFieldOf });
        toast.error('Error', { description: messageOf(error, 'Failed to save your prescription. Please try again.') });
      },
    );

  const onDelete = () =>
    remove.mutateAsync(id).then(
      () => {
        setConfirming(false);
        toast.success('Prescription Deleted');
      },
      (error) => {
        setConfirming(false);
        console.error('Failed to delete prescription', error);
        toast.error('Error', {
          description: messageOf(error, 'Failed to delete your prescription. Please try again.'),
        });
      },
    );

  const title = isNew ? 'New prescription (not saved yet)' : prescription.medication;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={(errors) => hasMissingFields(errors) && missingFieldsToast(MESSAGES.prescriptionMissingFields)}
      aria-label={isNew ? `New prescription ${index + 1}` : `Prescription ${index + 1}: ${prescription.medication}`}
      className={cn(
        'rounded-xl border p-4',
        isNew ? 'border-dashed border-teal-400 bg-teal-50/30' : 'border-slate-200',
      )}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {application && (
          <div className="flex items-center gap-2">
            <ApplicationStateBadge state={application.state} label={application.stateLabel} />
            <Button variant="link" size="inline" onClick={() => dialogs.openApplication(application.id)}>
              View application <ArrowRight aria-hidden />
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField<PrescriptionFormValues> name="medication" label="Medication" required autoComplete="off" />
        <InputField<PrescriptionFormValues>
          name="dosage"
          label="Dosage"
          required
          autoComplete="off"
          placeholder="e.g. 5 mg"
        />
        <SelectField<PrescriptionFormValues>
          name="frequency"
          label="Frequency"
          required
          options={FREQUENCY_OPTIONS}
          placeholder="Select how often"
        />
        <SelectField<PrescriptionFormValues>
          name="doctorId"
          label="Prescribing doctor"
          options={doctorOptions}
          placeholder="No doctor selected"
        />
        {/* Optional: the program's packet prints them (docs/product.md §17). */}
        <InputField<PrescriptionFormValues>
          name="diagnosisCode"
          label="Diagnosis (ICD-10 code, optional)"
          autoComplete="off"
          placeholder="e.g. E11.9"
        />
        <div className="grid grid-cols-2 gap-3">
          <InputField<PrescriptionFormValues> name="quantity" label="Quantity (optional)" inputMode="numeric" />
          <InputField<PrescriptionFormValues> name="daysSupply" label="Days' supply (optional)" inputMode="numeric" />
        </div>
      </div>
      {missing && (
        <div className="mt-3">
          <FormAlert>{MESSAGES.prescriptionMissingFields}</FormAlert>
        </div>
      )}
      <div className="mt-4">
        <RowActions
          isNew={isNew}
          canRemove={canRemove}
          saving={save.isPending}
          deleting={remove.isPending}
          onDelete={() => setConfirming(true)}
          onRemove={onRemove}
          noun="prescription"
        />
      </div>
      {!isNew && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this prescription?"
          description={`${prescription.medication} will be removed and its assistance application cancelled.`}
          confirmLabel="Delete prescription"
          isPending={remove.isPending}
          onConfirm={onDelete}
        />
      )}
    </Form>
  );
}
