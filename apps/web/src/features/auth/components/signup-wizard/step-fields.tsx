import { useFormContext, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  FREQUENCIES,
  GENDERS,
  INSURANCE_PROVIDER_NAMES,
  MARITAL_STATUSES,
  MESSAGES,
  SPECIALTIES,
  US_STATES,
  emptyDoctorDraft,
  emptyPrescriptionDraft,
  isDoctorDraftEmpty,
  signupDoctorSchema,
} from '@rxbridge/contracts';
import { Link } from '@/lib/router';
import { toast } from 'sonner';
import { Check, Plus, Stethoscope, Pill, ShieldCheck, Trash2 } from 'lucide-react';
import { CheckboxField, InputField, RecheckOnChange, SelectField, toOptions, FieldError } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { PLAN_CARDS } from '@/lib/plans';
import { cn } from '@/lib/utils';
import type { SignupFormValues } from './signup-form';
import { isDoctorComplete } from './signup-form';

type F = SignupFormValues;
const grid = 'grid gap-4 sm:grid-cols-2';

export function BasicInfoStep() {
  return (
    <div className={grid}>
      <InputField<F> name="firstName" label="First name" autoComplete="given-name" required />
      <InputField<F> name="lastName" label="Last name" autoComplete="family-name" required />
      <InputField<F> name="email" label="Email" type="email" autoComplete="email" required className="sm:col-span-2" />
      <InputField<F> name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="(555) 123-4567" required />
      <InputField<F> name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" required />
    </div>
  );
}

export function PersonalDetailsStep() {
  return (
    <div className={grid}>
      <SelectField<F> name="gender" label="Gender" options={GENDERS} required />
      <SelectField<F> name="maritalStatus" label="Marital status" options={MARITAL_STATUSES} required />
      <InputField<F>
        name="mailingStreet"
        label="Street address"
        autoComplete="address-line1"
        required
        className="sm:col-span-2"
      />
      <InputField<F> name="mailingCity" label="City" autoComplete="address-level2" required />
      <div className="grid grid-cols-2 gap-4">
        <SelectField<F> name="mailingState" label="State" options={toOptions(US_STATES)} placeholder="--" required />
        <InputField<F>
          name="mailingZip"
          label="ZIP"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          required
        />
      </div>
    </div>
  );
}

export function SecurityStep() {
  return (
    <div className="space-y-4">
      <InputField<F>
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&"
      />
      <InputField<F>
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
      />
      <RecheckOnChange<F> source="password" field="confirmPassword" />
      <CheckboxField<F> name="acceptTerms">
        I agree to the{' '}
        <Link to="/terms" target="_blank" className="font-medium text-teal-700 underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" className="font-medium text-teal-700 underline">
          Privacy Policy
        </Link>
        .
      </CheckboxField>
    </div>
  );
}

function ListItem({
  icon,
  title,
  detail,
  onRemove,
  removeLabel,
}: {
  icon: React.ReactNode;
  title: string;
  detail?: string;
  onRemove(): void;
  removeLabel: string;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-teal-100 bg-teal-50/60 px-3 py-2">
      <span className="text-teal-700">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
        {detail && <span className="block truncate text-xs text-slate-600">{detail}</span>}
      </span>
      <Button variant="ghost" size="icon-xs" aria-label={removeLabel} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

type FormApi = Pick<UseFormReturn<F>, 'getValues' | 'setValue'>;

/** Adds a complete doctor draft to the list; used by the Add button and by Next. */
export function commitDoctor({ getValues, setValue }: FormApi) {
  {
    const draft = getValues('doctorDraft');
    if (
      !isDoctorComplete(draft) ||
      !signupDoctorSchema.safeParse({ ...draft, specialty: draft.specialty || undefined }).success
    )
      return false;
    setValue('doctors', [...getValues('doctors'), draft]);
    setValue('doctorDraft', emptyDoctorDraft, { shouldValidate: true });
    toast.success('Doctor Added', { description: `Dr. ${draft.firstName} ${draft.lastName}` });
    return true;
  }
}

export function DoctorsStep() {
  const form = useFormContext<F>();
  const { setValue, getValues, control, formState } = form;
  const doctors = useWatch({ control, name: 'doctors' });
  const draft = useWatch({ control, name: 'doctorDraft' });
  const commit = () => commitDoctor(form);
  const partial = !isDoctorDraftEmpty(draft) && !isDoctorComplete(draft);
  const draftError = formState.errors.doctorDraft as { root?: { message?: string }; message?: string } | undefined;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Optional: add the doctors who prescribe your medications so we can coordinate with them.
      </p>
      {doctors.length > 0 && (
        <ul className="space-y-2" aria-label="Doctors added">
          {doctors.map((d, i) => (
            <ListItem
              key={i}
              icon={<Stethoscope className="size-4" aria-hidden />}
              title={`Dr. ${d.firstName} ${d.lastName}`}
              detail={[d.specialty, d.doctorAddress].filter(Boolean).join(' · ')}
              removeLabel={`Remove Dr. ${d.firstName} ${d.lastName}`}
              onRemove={() =>
                setValue(
                  'doctors',
                  getValues('doctors').filter((_, j) => j !== i),
                )
              }
            />
          ))}
        </ul>
      )}
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          {doctors.length ? 'Add another doctor' : 'Add a doctor'}
        </legend>
        <div className={grid}>
          <InputField<F> name="doctorDraft.firstName" label="Doctor first name" required />
          <InputField<F> name="doctorDraft.lastName" label="Doctor last name" required />
          <SelectField<F> name="doctorDraft.specialty" label="Specialty" options={toOptions(SPECIALTIES)} />
          <InputField<F> name="doctorDraft.phone" label="Phone (optional)" type="tel" />
          <InputField<F> name="doctorDraft.doctorAddress" label="Address" required className="sm:col-span-2" />
          <InputField<F>
            name="doctorDraft.npiNumber"
            label="NPI number (optional)"
            inputMode="numeric"
            maxLength={10}
          />
        </div>
        {partial && <FieldError message={MESSAGES.doctorIncomplete} />}
        {!partial && draftError?.message && <FieldError message={draftError.message} />}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={commit} disabled={!isDoctorComplete(draft)}>
            <Plus aria-hidden /> Add Doctor
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setValue('doctorDraft', emptyDoctorDraft, { shouldValidate: true })}
            disabled={isDoctorDraftEmpty(draft)}
          >
            Clear form
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

export function PlanStep() {
  const { register, control } = useFormContext<F>();
  const tier = useWatch({ control, name: 'tier' });
  return (
    <fieldset>
      <legend className="mb-3 text-sm text-slate-600">
        Nothing is due today. Paid plans are charged only after approval, when your first shipment is scheduled.
      </legend>
      <div className="grid gap-3 md:grid-cols-3">
        {PLAN_CARDS.map((p) => (
          <label
            key={p.tier}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-500',
              tier === p.tier ? 'border-teal-600 bg-teal-50' : 'border-slate-200 hover:border-teal-300',
            )}
          >
            <input type="radio" value={p.tier} className="sr-only" {...register('tier')} />
            <span className="flex items-center justify-between">
              <span className="font-semibold text-slate-900">{p.name}</span>
              {tier === p.tier && <Check className="size-5 text-teal-600" aria-hidden />}
            </span>
            <span className="mt-1 text-2xl font-bold text-slate-900">
              {p.price}
              <span className="text-sm font-medium text-slate-500">{p.cadence}</span>
            </span>
            <span className="mt-2 text-xs text-slate-600">{p.description}</span>
          </label>
        ))}
      </div>
      {!tier && <p className="mt-3 text-sm text-amber-700">{MESSAGES.selectPlan}</p>}
    </fieldset>
  );
}

/** Adds the prescription being typed to the list; used by the Add button and by Next. */
export function commitPrescription({ getValues, setValue }: FormApi) {
  {
    const draft = getValues('prescriptionDraft');
    if (!draft.medication.trim()) return false;
    setValue('prescriptions', [...getValues('prescriptions'), draft]);
    setValue('prescriptionDraft', emptyPrescriptionDraft);
    toast.success('Prescription Added', { description: draft.medication });
    return true;
  }
}

export function PrescriptionsStep() {
  const form = useFormContext<F>();
  const { setValue, getValues, control } = form;
  const prescriptions = useWatch({ control, name: 'prescriptions' });
  const draft = useWatch({ control, name: 'prescriptionDraft' });
  const commit = () => commitPrescription(form);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Optional: list the brand-name medications you need help paying for.</p>
      {prescriptions.length > 0 && (
        <ul className="space-y-2" aria-label="Prescriptions added">
          {prescriptions.map((p, i) => (
            <ListItem
              key={i}
              icon={<Pill className="size-4" aria-hidden />}
              title={p.medication}
              detail={[p.dosage, p.frequency].filter(Boolean).join(' · ')}
              removeLabel={`Remove ${p.medication}`}
              onRemove={() =>
                setValue(
                  'prescriptions',
                  getValues('prescriptions').filter((_, j) => j !== i),
                )
              }
            />
          ))}
        </ul>
      )}
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Add a prescription</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField<F> name="prescriptionDraft.medication" label="Medication" placeholder="e.g. Eliquis" required />
          <InputField<F> name="prescriptionDraft.dosage" label="Dosage" placeholder="e.g. 5 mg" />
          <SelectField<F> name="prescriptionDraft.frequency" label="Frequency" options={toOptions(FREQUENCIES)} />
        </div>
        <Button variant="outline" size="sm" className="mt-4" onClick={commit} disabled={!draft.medication.trim()}>
          <Plus aria-hidden /> Add Prescription
        </Button>
      </fieldset>
    </div>
  );
}

export function InsuranceStep() {
  const { register, control, setValue, getValues } = useFormContext<F>();
  const hasInsurance = useWatch({ control, name: 'hasInsurance' });
  const provider = useWatch({ control, name: 'insuranceProvider' });
  const insurances = useWatch({ control, name: 'insurances' });
  const add = () => {
    if (!provider) return;
    if (!getValues('insurances').some((i) => i.provider === provider)) {
      setValue('insurances', [...getValues('insurances'), { provider }]);
      toast.success('Insurance Added', { description: provider });
    }
    setValue('insuranceProvider', '', { shouldValidate: true });
  };
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Do you have health insurance?</legend>
        <div className="flex gap-3">
          {(['yes', 'no'] as const).map((v) => (
            <label
              key={v}
              className={cn(
                'flex flex-1 cursor-pointer items-center justify-center rounded-lg border-2 px-4 py-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-500',
                hasInsurance === v ? 'border-teal-600 bg-teal-50 text-teal-800' : 'border-slate-200 text-slate-700',
              )}
            >
              <input type="radio" value={v} className="sr-only" {...register('hasInsurance')} />
              {v === 'yes' ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
      </fieldset>
      {hasInsurance === 'yes' && (
        <>
          {insurances.length > 0 && (
            <ul className="space-y-2" aria-label="Insurance added">
              {insurances.map((ins, i) => (
                <ListItem
                  key={ins.provider}
                  icon={<ShieldCheck className="size-4" aria-hidden />}
                  title={ins.provider}
                  removeLabel={`Remove ${ins.provider}`}
                  onRemove={() =>
                    setValue(
                      'insurances',
                      getValues('insurances').filter((_, j) => j !== i),
                      { shouldValidate: true },
                    )
                  }
                />
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <SelectField<F>
              name="insuranceProvider"
              label="Insurance provider"
              options={toOptions(INSURANCE_PROVIDER_NAMES)}
              className="flex-1"
              required={insurances.length === 0}
            />
            <Button variant="outline" onClick={add} disabled={!provider}>
              <Plus aria-hidden /> Add Insurance
            </Button>
          </div>
        </>
      )}
      {hasInsurance === 'no' && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-800">
          No problem. Many Patient Assistance Programs are designed for patients without insurance.
        </p>
      )}
    </div>
  );
}
