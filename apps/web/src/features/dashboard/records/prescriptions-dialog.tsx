import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { ArrowRight } from 'lucide-react';
import {
  FREQUENCIES,
  MESSAGES,
  prescriptionSchema,
  type ApplicationView,
  type DoctorView,
  type PrescriptionPayload,
  type PrescriptionView,
} from '@rxbridge/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { InputField, SelectField } from '@/components/ui/form';
import { usePrescriptions } from './api/get-prescriptions';
import { useDoctors } from './api/get-doctors';
import { useApplications } from '../applications/api/get-applications';
import { currentApplicationOf } from '../applications/next-step';
import { usePrescriptionMutations } from './api/save-prescription';
import { useDashboardDialogs, useDialogProps } from '../dashboard-dialogs';
import { useCheckout } from '../billing/checkout';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { Badge } from '@/components/ui/badge';
import { RecordRowForm } from './record-row-form';
import { RecordRows, rowRequestFailed, type ListedRow } from './record-rows';
import { rowResolver } from './row-form';
import { frequencyLabel, specialtyLabel } from './labels';
import { prescriptionDrafts, sameValues, toFormValues, type PrescriptionFormValues } from './prescription-drafts';

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
  const { _ } = useLingui();
  // The new rows that held input when the dialog last closed come back (prescription-drafts.ts).
  const [keptDrafts] = useState(prescriptionDrafts.newRowIds);
  useEffect(() => prescriptionDrafts.shown(), []);
  useEffect(() => {
    if (prescriptions.data) prescriptionDrafts.prune(prescriptions.data.map((p) => p.id));
  }, [prescriptions.data]);
  return (
    <RecordRows
      query={prescriptions}
      noun="prescription"
      keptDrafts={keptDrafts}
      labels={{
        loading: _('dashboard.records.prescriptions.loading'),
        loadFailed: _('dashboard.records.prescriptions.loadFailed'),
        add: _('dashboard.records.prescriptions.add'),
      }}
      row={(listed) => (
        <PrescriptionRow
          {...listed}
          application={currentApplicationOf(applications.data, listed.id)}
          doctors={doctors.data ?? []}
        />
      )}
    />
  );
}

function PrescriptionRow({
  id,
  record: prescription,
  application,
  doctors,
  index,
  canRemove,
  onRemove,
  justCreated,
  onCreated,
}: ListedRow<PrescriptionView> & { application: ApplicationView | undefined; doctors: DoctorView[] }) {
  // What the row holds as saved (empty for a new row); what it shows may be input kept from before.
  const [savedValues, setSavedValues] = useState(() => toFormValues(prescription));
  const form = useForm<PrescriptionFormValues, unknown, PrescriptionPayload>({
    resolver,
    defaultValues: prescriptionDrafts.get(id) ?? savedValues,
  });
  const values = form.watch();
  const unsaved = !sameValues(values, savedValues);
  // Kept outside the dialog as it is typed, so that nothing closing the dialog loses it (docs/product.md §6.2).
  useEffect(() => prescriptionDrafts.keep(id, unsaved ? values : null));
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
        prescriptionDrafts.keep(id, null);
        if (!isNew) {
          setSavedValues(toFormValues(saved));
          form.reset(toFormValues(saved));
          return;
        }
        onCreated(saved.id);
        // docs/product.md: a new prescription changes the plan, so the subscription is shown next;
        // a paid plan without a card goes on to payment. What other rows hold stays in prescriptionDrafts,
        // and the subscription dialog says so.
        prescriptionDrafts.handOver();
        dialogs.openBilling('subscription');
        if (subscriptionUpdate?.checkoutUrl) openUrl(subscriptionUpdate.checkoutUrl);
      },
      (error) => rowRequestFailed('save prescription', error, _('dashboard.records.prescriptions.saveFailed'), form),
    );

  const onDelete = () =>
    remove.mutateAsync(id).then(
      () => {
        setConfirming(false);
        prescriptionDrafts.keep(id, null);
        toast.success(_('dashboard.records.prescriptions.deleted'));
      },
      (error) => {
        setConfirming(false);
        rowRequestFailed('delete prescription', error, _('dashboard.records.prescriptions.deleteFailed'));
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
      flag={unsaved && !isNew && <Badge tone="warning">{_('dashboard.records.prescriptions.changesNotSaved')}</Badge>}
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
        onRemove: () => {
          prescriptionDrafts.keep(id, null);
          onRemove();
        },
        noun: 'prescription',
        focusSave: justCreated,
        // A new row that can be removed is discarded so; the only row, or a saved one, is put back as it was.
        onDiscard: unsaved && !(isNew && canRemove) ? () => form.reset(savedValues) : undefined,
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
