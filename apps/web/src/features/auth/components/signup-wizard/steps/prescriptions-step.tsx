import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Pill, Plus } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { emptyPrescriptionDraft, signupPrescriptionSchema } from '@rxbridge/contracts';
import { InputField, SelectField } from '@/components/ui/form';
import { i18n } from '@/lib/i18n';
import { useCareOptions } from '@/lib/care-options';
import { Button } from '@/components/ui/button';
import { AddedList, refuseAdd, without, type AddApi, type F, type FormApi } from './step-parts';

/** Adds the prescription being typed to the list. */
function commitPrescription({ getValues, setValue }: FormApi) {
  const draft = getValues('prescriptionDraft');
  setValue('prescriptions', [...getValues('prescriptions'), draft]);
  setValue('prescriptionDraft', emptyPrescriptionDraft);
  toast.success(i18n._('signup.prescriptions.toast'), { description: draft.medication });
}

/**
 * Add Prescription: adds the prescription (the focus stays on it) when the signup's own prescription rules take it,
 * the ones signupSchema checks on Create Account and the API on signup (a dosage of at most 100 characters). Else it
 * says under its fields what each needs, in the patient's language, and takes the focus to the first of them: a draft
 * added as it was would come back refused on Create Account, and hold step 6 (docs/product.md §7.1). Whether it added.
 */
function addPrescription(form: AddApi): boolean {
  const parsed = signupPrescriptionSchema.safeParse(form.getValues('prescriptionDraft'));
  if (!parsed.success) {
    refuseAdd(form, 'prescriptionDraft', parsed.error.issues, Object.keys(emptyPrescriptionDraft));
    return false;
  }
  commitPrescription(form);
  return true;
}

/**
 * Next on step 6: a prescription typed (it has a medication) is added as Add adds it, or refused as Add refuses it,
 * and Next then stays; without a medication the step, optional, goes on. Whether Next may go on.
 */
export function addPrescriptionOnNext(form: AddApi): boolean {
  return !form.getValues('prescriptionDraft').medication.trim() || addPrescription(form);
}

export function PrescriptionsStep() {
  const form = useFormContext<F>();
  const { setValue, getValues, setFocus, control } = form;
  const prescriptions = useWatch({ control, name: 'prescriptions' });
  const { _ } = useLingui();
  const { frequencies, frequencyLabel } = useCareOptions();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{_('signup.prescriptions.intro')}</p>
      <AddedList
        label={_('signup.prescriptions.added')}
        items={prescriptions}
        icon={<Pill className="size-4" aria-hidden />}
        describe={(p) => ({
          title: p.medication,
          detail: [p.dosage, p.frequency && frequencyLabel(p.frequency)].filter(Boolean).join(' · '),
          removeLabel: _('signup.prescriptions.remove', { medication: p.medication }),
          removedText: _('signup.prescriptions.removed', { medication: p.medication }),
        })}
        onRemove={(i) => setValue('prescriptions', without(getValues('prescriptions'), i))}
        focusWhenEmpty={() => setFocus('prescriptionDraft.medication')}
      />
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{_('signup.prescriptions.legend')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField<F>
            name="prescriptionDraft.medication"
            label={_('signup.prescriptions.medication')}
            placeholder={_('signup.prescriptions.medicationExample')}
            required
          />
          <InputField<F>
            name="prescriptionDraft.dosage"
            label={_('signup.prescriptions.dosage')}
            placeholder={_('signup.prescriptions.dosageExample')}
          />
          <SelectField<F>
            name="prescriptionDraft.frequency"
            label={_('signup.prescriptions.frequency')}
            options={frequencies}
          />
        </div>
        {/* Never disabled under the keyboard's focus: pressed without a medication, it asks for one. */}
        <Button variant="outline" size="sm" className="mt-4" onClick={() => void addPrescription(form)}>
          <Plus aria-hidden /> {_('signup.prescriptions.add')}
        </Button>
      </fieldset>
    </div>
  );
}
