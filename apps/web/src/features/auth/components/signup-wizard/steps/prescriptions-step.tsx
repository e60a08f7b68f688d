import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Pill, Plus } from 'lucide-react';
import { FREQUENCIES, emptyPrescriptionDraft } from '@rxbridge/contracts';
import { InputField, SelectField, toOptions } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { AddedList, without, type F, type FormApi } from './step-parts';

/** Adds the prescription being typed to the list; used by the Add button and by Next. */
export function commitPrescription({ getValues, setValue }: FormApi) {
  const draft = getValues('prescriptionDraft');
  if (!draft.medication.trim()) return false;
  setValue('prescriptions', [...getValues('prescriptions'), draft]);
  setValue('prescriptionDraft', emptyPrescriptionDraft);
  toast.success('Prescription Added', { description: draft.medication });
  return true;
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
      <AddedList
        label="Prescriptions added"
        items={prescriptions}
        icon={<Pill className="size-4" aria-hidden />}
        describe={(p) => ({
          title: p.medication,
          detail: [p.dosage, p.frequency].filter(Boolean).join(' · '),
          removeLabel: `Remove ${p.medication}`,
        })}
        onRemove={(i) => setValue('prescriptions', without(getValues('prescriptions'), i))}
      />
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
