import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { MESSAGES, SPECIALTIES, doctorSchema, type DoctorPayload, type DoctorView } from '@rxbridge/contracts';
import { Dialog } from '@/components/ui/dialog';
import { InputField, SelectField } from '@/components/ui/form';
import { useDoctors } from './api/get-doctors';
import { useDoctorMutations } from './api/save-doctor';
import { useDialogProps } from '../dashboard-dialogs';
import { RecordRowForm } from './record-row-form';
import { RecordRows, rowRequestFailed, type ListedRow } from './record-rows';
import { rowResolver } from './row-form';
import { specialtyLabel } from './labels';

/** Form values: specialty as a lowercase-hyphenated value, sent title-cased ("primary-care" -> "Primary Care"). */
interface DoctorFormValues {
  firstName: string;
  lastName: string;
  specialty: string;
  phone: string;
  doctorAddress: string;
  npiNumber: string;
}

const slug = (label: string) => label.toLowerCase().replace(/\s+/g, '-');
const specialtyOptions = () => SPECIALTIES.map((s) => ({ value: slug(s), label: specialtyLabel(s) }));

const toFormValues = (d: DoctorView | null): DoctorFormValues => ({
  firstName: d?.firstName ?? '',
  lastName: d?.lastName ?? '',
  specialty: d ? slug(d.specialty) : '',
  phone: d?.phone ?? '',
  doctorAddress: d?.doctorAddress ?? '',
  npiNumber: d?.npiNumber ?? '',
});

const resolver = rowResolver<DoctorFormValues, DoctorPayload>(doctorSchema as never, MESSAGES.doctorMissingFields);

export function DoctorsDialog() {
  const dialog = useDialogProps('doctors');
  const { _ } = useLingui();
  return (
    <Dialog
      {...dialog}
      title={_('dashboard.records.doctors.title')}
      description={_('dashboard.records.doctors.description')}
      className="max-w-3xl"
    >
      {dialog.open && <DoctorRows />}
    </Dialog>
  );
}

function DoctorRows() {
  const doctors = useDoctors();
  const { _ } = useLingui();
  return (
    <RecordRows
      query={doctors}
      noun="doctor"
      labels={{
        loading: _('dashboard.records.doctors.loading'),
        loadFailed: _('dashboard.records.doctors.loadFailed'),
        add: _('dashboard.records.doctors.add'),
      }}
      row={(listed) => <DoctorRow {...listed} />}
    />
  );
}

function DoctorRow({ id, record: doctor, index, canRemove, onRemove, justCreated, onCreated }: ListedRow<DoctorView>) {
  const form = useForm<DoctorFormValues, unknown, DoctorPayload>({ resolver, defaultValues: toFormValues(doctor) });
  const { save, remove } = useDoctorMutations();
  const { _ } = useLingui();
  const isNew = doctor === null;
  const name = isNew
    ? _('dashboard.records.doctors.newRowLabel', { number: index + 1 })
    : _('dashboard.records.doctors.rowLabel', {
        number: index + 1,
        firstName: doctor.firstName,
        lastName: doctor.lastName,
      });

  const onSubmit = (payload: DoctorPayload) =>
    save.mutateAsync({ id: isNew ? null : id, payload }).then(
      (saved) => {
        toast.success(isNew ? _('dashboard.records.doctors.created') : _('dashboard.records.doctors.updated'), {
          description: _('dashboard.records.doctors.name', { firstName: saved.firstName, lastName: saved.lastName }),
        });
        if (isNew) onCreated(saved.id);
        else form.reset(toFormValues(saved));
      },
      (error) => rowRequestFailed('save doctor', error, _('dashboard.records.doctors.saveFailed'), form),
    );

  const onDelete = () =>
    remove.mutateAsync(id).then(
      () => toast.success(_('dashboard.records.doctors.deleted')),
      (error) => rowRequestFailed('delete doctor', error, _('dashboard.records.doctors.deleteFailed')),
    );

  return (
    <RecordRowForm
      form={form}
      onSubmit={onSubmit}
      label={name}
      title={isNew ? _('dashboard.records.doctors.newRow') : `${doctor.firstName} ${doctor.lastName}`}
      missingMessage={MESSAGES.doctorMissingFields}
      actions={{
        isNew,
        canRemove,
        saving: save.isPending,
        deleting: remove.isPending,
        onDelete,
        onRemove,
        noun: 'doctor',
        focusSave: justCreated,
      }}
    >
      <InputField<DoctorFormValues>
        name="firstName"
        label={_('dashboard.records.doctors.firstName')}
        required
        autoComplete="off"
      />
      <InputField<DoctorFormValues>
        name="lastName"
        label={_('dashboard.records.doctors.lastName')}
        required
        autoComplete="off"
      />
      <SelectField<DoctorFormValues>
        name="specialty"
        label={_('dashboard.records.doctors.specialty')}
        required
        options={specialtyOptions()}
        placeholder={_('dashboard.records.doctors.specialtyPlaceholder')}
      />
      <InputField<DoctorFormValues>
        name="phone"
        label={_('dashboard.records.doctors.phone')}
        type="tel"
        autoComplete="off"
      />
      <InputField<DoctorFormValues>
        name="doctorAddress"
        label={_('dashboard.records.doctors.address')}
        required
        autoComplete="off"
        className="sm:col-span-2"
      />
      <InputField<DoctorFormValues>
        name="npiNumber"
        label={_('dashboard.records.doctors.npi')}
        inputMode="numeric"
        hint={_('dashboard.records.doctors.npiHint')}
        // Runs before react-hook-form reads the value: only digits, at most 10.
        onInput={(e) => {
          const el = e.currentTarget;
          el.value = el.value.replace(/\D/g, '').slice(0, 10);
        }}
      />
    </RecordRowForm>
  );
}
