import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Plus, ShieldCheck } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { INSURANCE_PROVIDER_NAMES } from '@rxbridge/contracts';
import { drugCoverageLabel } from '@/components/coverage/coverage-labels';
import { SelectField, toOptions } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { RadioChoiceField } from '@/components/ui/radio-choice';
import { CoverageQuestions } from '@/components/coverage/coverage-questions';
import { emptyCoverageForm } from '@/lib/coverage-form';
import { AddedList, without, type F } from './step-parts';

export function InsuranceStep() {
  const { control, setValue, getValues } = useFormContext<F>();
  const hasInsurance = useWatch({ control, name: 'hasInsurance' });
  const provider = useWatch({ control, name: 'insuranceProvider' });
  const insurances = useWatch({ control, name: 'insurances' });
  const { _ } = useLingui();
  const yesNo = [
    { value: 'yes', label: _('signup.insurance.yes') },
    { value: 'no', label: _('signup.insurance.no') },
  ];
  const add = () => {
    if (!provider) return;
    if (!getValues('insurances').some((i) => i.provider === provider)) {
      setValue('insurances', [...getValues('insurances'), { provider, ...getValues('insuranceDraft') }]);
      toast.success(_('signup.insurance.toast'), { description: provider });
    }
    setValue('insuranceProvider', '', { shouldValidate: true });
    setValue('insuranceDraft', emptyCoverageForm);
  };
  return (
    <div className="space-y-4">
      <RadioChoiceField<F> name="hasInsurance" legend={_('signup.insurance.question')} options={yesNo} />
      {hasInsurance === 'yes' && (
        <>
          <AddedList
            label={_('signup.insurance.added')}
            items={insurances}
            icon={<ShieldCheck className="size-4" aria-hidden />}
            describe={(ins) => ({
              key: ins.provider,
              title: ins.provider,
              detail: ins.drugCoverage ? drugCoverageLabel(ins.drugCoverage) : undefined,
              removeLabel: _('signup.insurance.remove', { provider: ins.provider }),
            })}
            onRemove={(i) => setValue('insurances', without(getValues('insurances'), i), { shouldValidate: true })}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <SelectField<F>
              name="insuranceProvider"
              label={_('signup.insurance.provider')}
              options={toOptions(INSURANCE_PROVIDER_NAMES)}
              className="flex-1"
              required={insurances.length === 0}
            />
            <Button variant="outline" onClick={add} disabled={!provider}>
              <Plus aria-hidden /> {_('signup.insurance.add')}
            </Button>
          </div>
          {provider && <CoverageQuestions prefix="insuranceDraft." />}
        </>
      )}
      {hasInsurance === 'no' && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-800">{_('signup.insurance.none')}</p>
      )}
    </div>
  );
}
