import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
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
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { InputField, SelectField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { usePrescriptions } from './api/get-prescriptions';
import { useDoctors } from './api/get-doctors';
import { useApplications } from '../applications/api/get-applications';
import { usePrescriptionMutations } from './api/save-prescription';
import { useDashboardDialogs, useDialogProps } from '../dashboard-dialogs';
import { useCheckout } from '../billing/checkout';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { LoadError } from '../load-error';
import { RecordRowForm } from './record-row-form';
import { rowFieldOf, rowResolver, useEditableRows } from './row-form';
import { frequencyLabel, specialtyLabel } from './labels';

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
const frequencyOptions = () => FREQUENCIES.map((f) => ({ value: f, label: frequencyLabel(f) }));

export function PrescriptionsDialog() {
  const dialog = useDialogProps('prescriptions');
  const { _ } = useLingui();
  return (
    <Dialog
      {...dialog}
      title={_('dashboard.records.prescriptions.title')}
      description={_('dashboard.records.prescriptions.description')}
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
  const { _ } = useLingui();
  if (prescriptions.isPending)
    return <Spinner className="flex justify-center py-8" label={_('dashboard.records.prescriptions.loading')} />;
  if (prescriptions.isError) {
    return (
      <LoadError
        title={_('dashboard.records.prescriptions.loadFailed')}
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
          justCreated={row.justCreated}
          onCreated={(createdId) => rows.saved(row.id, createdId)}
        />
      ))}
      <Button variant="outline" className="w-full" onClick={rows.add}>
        <Plus aria-hidden /> {_('dashboard.records.prescriptions.add')}
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
  justCreated,
  onCreated,
}: {
  id: string;
  prescription: PrescriptionView | null;
  application: ApplicationView | undefined;
  doctors: DoctorView[];
  index: number;
  canRemove: boolean;
  onRemove(): void;
  justCreated: boolean;
  onCreated(createdId: string): void;
}) {
  const form = useForm<PrescriptionFormValues, unknown, PrescriptionPayload>({
    resolver,
    defaultValues: toFormValues(prescription),
  });
  const { save, remove } = usePrescriptionMutations();
  const dialogs = useDashboardDialogs();
  const { openUrl } = useCheckout();
  const [confirming, setConfirming] = useState(false);
  const { _ } = useLingui();
  const isNew = prescription === null;
  const doctorOptions = doctors.map((d) => ({
    value: d.id,
    label: `${_('dashboard.records.doctors.name', { firstName: d.firstName, lastName: d.lastName })} (${specialtyLabel(d.specialty)})`,
  }));

  const onSubmit = (payload: PrescriptionPayload) =>
    save.mutateAsync({ id: isNew ? null : id, payload }).then(
      ({ prescription: saved, subscriptionUpdate }) => {
        toast.success(
          isNew ? _('dashboard.records.prescriptions.created') : _('dashboard.records.prescriptions.updated'),
          {
            description: saved.medication,
          },
        );
        if (!isNew) {
          form.reset(toFormValues(saved));
          return;
        }
        onCreated(saved.id);
        // docs/product.md: a new prescription changes the plan, so the subscription is shown next;
        // a paid plan without a card goes on to payment.
        dialogs.openBilling('subscription');
        if (subscriptionUpdate?.checkoutUrl) openUrl(subscriptionUpdate.checkoutUrl);
      },
      (error) => {
        console.error('Failed to save prescription', error);
        applyServerErrors(form, error, { fieldOf: rowFieldOf });
        toast.error(_('dashboard.records.error'), {
          description: messageOf(error, _('dashboard.records.prescriptions.saveFailed')),
        });
      },
    );

  const onDelete = () =>
    remove.mutateAsync(id).then(
      () => {
        setConfirming(false);
        toast.success(_('dashboard.records.prescriptions.deleted'));
      },
      (error) => {
        setConfirming(false);
        console.error('Failed to delete prescription', error);
        toast.error(_('dashboard.records.error'), {
          description: messageOf(error, _('dashboard.records.prescriptions.deleteFailed')),
        });
      },
    );

  const title = isNew ? _('dashboard.records.prescriptions.newRow') : prescription.medication;
  return (
    <RecordRowForm
      form={form}
      onSubmit={onSubmit}
      label={
        isNew
          ? _('dashboard.records.prescriptions.newRowLabel', { number: index + 1 })
          : _('dashboard.records.prescriptions.rowLabel', { number: index + 1, medication: prescription.medication })
      }
      title={title}
      aside={
        application && (
          <div className="flex items-center gap-2">
            <ApplicationStateBadge state={application.state} />
            <Button variant="link" size="inline" onClick={() => dialogs.openApplication(application.id)}>
              {_('dashboard.records.prescriptions.viewApplication')} <ArrowRight aria-hidden />
            </Button>
          </div>
        )
      }
      missingMessage={MESSAGES.prescriptionMissingFields}
      actions={{
        isNew,
        canRemove,
        saving: save.isPending,
        deleting: remove.isPending,
        onDelete: () => setConfirming(true),
        onRemove,
        noun: 'prescription',
        focusSave: justCreated,
      }}
      after={
        !isNew && (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={_('dashboard.records.prescriptions.deleteTitle')}
            description={_('dashboard.records.prescriptions.deleteDescription', {
              medication: prescription.medication,
            })}
            cancelLabel={_('dashboard.records.cancel')}
            confirmLabel={_('dashboard.records.row.deletePrescription')}
            isPending={remove.isPending}
            onConfirm={onDelete}
          />
        )
      }
    >
      <InputField<PrescriptionFormValues>
        name="medication"
        label={_('dashboard.records.prescriptions.medication')}
        required
        autoComplete="off"
      />
      <InputField<PrescriptionFormValues>
        name="dosage"
        label={_('dashboard.records.prescriptions.dosage')}
        required
        autoComplete="off"
        placeholder={_('dashboard.records.prescriptions.dosagePlaceholder')}
      />
      <SelectField<PrescriptionFormValues>
        name="frequency"
        label={_('dashboard.records.prescriptions.frequency')}
        required
        options={frequencyOptions()}
        placeholder={_('dashboard.records.prescriptions.frequencyPlaceholder')}
      />
      <SelectField<PrescriptionFormValues>
        name="doctorId"
        label={_('dashboard.records.prescriptions.doctor')}
        options={doctorOptions}
        placeholder={_('dashboard.records.prescriptions.noDoctor')}
      />
      {/* Optional: the program's packet prints them (docs/product.md §17). */}
      <InputField<PrescriptionFormValues>
        name="diagnosisCode"
        label={_('dashboard.records.prescriptions.diagnosis')}
        autoComplete="off"
        placeholder={_('dashboard.records.prescriptions.diagnosisPlaceholder')}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField<PrescriptionFormValues>
          name="quantity"
          label={_('dashboard.records.prescriptions.quantity')}
          inputMode="numeric"
        />
        <InputField<PrescriptionFormValues>
          name="daysSupply"
          label={_('dashboard.records.prescriptions.daysSupply')}
          inputMode="numeric"
        />
      </div>
    </RecordRowForm>
  );
}
