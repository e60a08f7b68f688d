import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Plus, ShieldCheck } from 'lucide-react';
import { INSURANCE_PROVIDER_NAMES } from '@rxbridge/contracts';
import { SelectField, toOptions } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { AddedList, without, type F } from './step-parts';

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
          <AddedList
            label="Insurance added"
            items={insurances}
            icon={<ShieldCheck className="size-4" aria-hidden />}
            describe={(ins) => ({ key: ins.provider, title: ins.provider, removeLabel: `Remove ${ins.provider}` })}
            onRemove={(i) => setValue('insurances', without(getValues('insurances'), i), { shouldValidate: true })}
          />
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
