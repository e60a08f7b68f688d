import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Plus, Stethoscope } from 'lucide-react';
import { MESSAGES, SPECIALTIES, emptyDoctorDraft, isDoctorDraftEmpty, signupDoctorSchema } from '@rxbridge/contracts';
import { FieldError, InputField, SelectField, toOptions } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { isDoctorComplete } from '../signup-form';
import { AddedList, grid, without, type F, type FormApi } from './step-parts';

/** Adds a complete doctor draft to the list; used by the Add button and by Next. */
export function commitDoctor({ getValues, setValue }: FormApi) {
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
      <AddedList
        label="Doctors added"
        items={doctors}
        icon={<Stethoscope className="size-4" aria-hidden />}
        describe={(d) => ({
          title: `Dr. ${d.firstName} ${d.lastName}`,
          detail: [d.specialty, d.doctorAddress].filter(Boolean).join(' · '),
          removeLabel: `Remove Dr. ${d.firstName} ${d.lastName}`,
        })}
        onRemove={(i) => setValue('doctors', without(getValues('doctors'), i))}
      />
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
