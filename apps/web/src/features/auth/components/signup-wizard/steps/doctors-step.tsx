import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Plus, Stethoscope } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { MESSAGES, emptyDoctorDraft, isDoctorDraftEmpty, signupDoctorSchema } from '@rxbridge/contracts';
import { FieldError, InputField, SelectField } from '@/components/ui/form';
import { i18n } from '@/lib/i18n';
import { useCareOptions } from '@/lib/care-options';
import { Button } from '@/components/ui/button';
import { isDoctorComplete } from '../signup-form';
import { AddedList, grid, refuseAdd, without, type AddApi, type F, type FormApi } from './step-parts';

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
  toast.success(i18n._('signup.doctors.toast'), {
    description: i18n._('signup.doctors.name', { firstName: draft.firstName, lastName: draft.lastName }),
  });
  return true;
}

/**
 * The Add Doctor button: adds a complete doctor (the focus stays on it), else says under each field what it still
 * needs and takes the focus to the first of them, which brings it into view (on a phone it may be above the screen).
 */
function addDoctor(form: AddApi) {
  if (commitDoctor(form)) return;
  const draft = form.getValues('doctorDraft');
  const issues = signupDoctorSchema.safeParse({ ...draft, specialty: draft.specialty || undefined }).error?.issues;
  refuseAdd(form, 'doctorDraft', issues ?? [], Object.keys(emptyDoctorDraft));
}

export function DoctorsStep() {
  const form = useFormContext<F>();
  const { setValue, getValues, setFocus, control, formState } = form;
  const doctors = useWatch({ control, name: 'doctors' });
  const draft = useWatch({ control, name: 'doctorDraft' });
  const { _ } = useLingui();
  const { specialties, specialtyLabel } = useCareOptions();
  const partial = !isDoctorDraftEmpty(draft) && !isDoctorComplete(draft);
  const draftError = formState.errors.doctorDraft as { root?: { message?: string }; message?: string } | undefined;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{_('signup.doctors.intro')}</p>
      <AddedList
        label={_('signup.doctors.added')}
        items={doctors}
        icon={<Stethoscope className="size-4" aria-hidden />}
        describe={(d) => ({
          title: _('signup.doctors.name', { firstName: d.firstName, lastName: d.lastName }),
          detail: [d.specialty && specialtyLabel(d.specialty), d.doctorAddress].filter(Boolean).join(' · '),
          removeLabel: _('signup.doctors.remove', { firstName: d.firstName, lastName: d.lastName }),
          removedText: _('signup.doctors.removed', { firstName: d.firstName, lastName: d.lastName }),
        })}
        onRemove={(i) => setValue('doctors', without(getValues('doctors'), i))}
        focusWhenEmpty={() => setFocus('doctorDraft.firstName')}
      />
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          {doctors.length ? _('signup.doctors.addAnother') : _('signup.doctors.addFirst')}
        </legend>
        <div className={grid}>
          <InputField<F> name="doctorDraft.firstName" label={_('signup.doctors.firstName')} required />
          <InputField<F> name="doctorDraft.lastName" label={_('signup.doctors.lastName')} required />
          <SelectField<F> name="doctorDraft.specialty" label={_('signup.doctors.specialty')} options={specialties} />
          <InputField<F> name="doctorDraft.phone" label={_('signup.doctors.phone')} type="tel" />
          <InputField<F>
            name="doctorDraft.doctorAddress"
            label={_('signup.doctors.address')}
            required
            className="sm:col-span-2"
          />
          <InputField<F>
            name="doctorDraft.npiNumber"
            label={_('signup.doctors.npi')}
            inputMode="numeric"
            maxLength={10}
          />
        </div>
        {partial && <FieldError message={MESSAGES.doctorIncomplete} />}
        {!partial && draftError?.message && <FieldError message={draftError.message} />}
        <div className="mt-4 flex flex-wrap gap-2">
          {/* Never disabled under the keyboard's focus: pressed with nothing to add, Add says why. */}
          <Button variant="outline" size="sm" onClick={() => addDoctor(form)}>
            <Plus aria-hidden /> {_('signup.doctors.add')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setValue('doctorDraft', emptyDoctorDraft, { shouldValidate: true })}
          >
            {_('signup.doctors.clear')}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
