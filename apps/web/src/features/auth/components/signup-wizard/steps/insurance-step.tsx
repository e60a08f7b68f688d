import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Plus, ShieldCheck } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { INSURANCE_PROVIDER_NAMES, MESSAGES } from '@rxbridge/contracts';
import {
  drugCoverageLabel,
  insuranceProviderLabel,
  insuranceProviderOptions,
} from '@/components/coverage/coverage-labels';
import { SelectField } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { RadioChoiceField } from '@/components/ui/radio-choice';
import { CoverageQuestions } from '@/components/coverage/coverage-questions';
import { emptyCoverageForm } from '@/lib/coverage-form';
import { i18n } from '@/lib/i18n';
import { coverageDraftSchema, shownCoverageDraft } from '../signup-form';
import { AddedList, refuseAdd, showIssues, without, type AddApi, type F } from './step-parts';

/**
 * The Add Insurance button: adds the provider with the answers the step shows (the focus stays on Add). Without a
 * provider, or with an out-of-pocket amount it cannot read, nothing is added, the field says why and takes the focus.
 * With a provider already in the list (one plan per provider, the first kept: docs/product.md §7.1) nothing is added
 * and the provider says so, the focus kept on Add. Nothing is dropped silently.
 */
function addInsurance(form: AddApi) {
  const provider = form.getValues('insuranceProvider');
  if (!provider) {
    const issue = { path: ['insuranceProvider'], message: MESSAGES.insuranceProviderRequired };
    refuseAdd(form, null, [issue], ['insuranceProvider']);
    return;
  }
  if (form.getValues('insurances').some((i) => i.provider === provider)) {
    const message = i18n._('signup.insurance.duplicate', { provider: insuranceProviderLabel(provider) });
    showIssues(form, null, [{ path: ['insuranceProvider'], message }]);
    return;
  }
  const answers = shownCoverageDraft(form.getValues());
  const checked = coverageDraftSchema.safeParse(answers);
  if (!checked.success) {
    refuseAdd(form, 'insuranceDraft', checked.error.issues, Object.keys(emptyCoverageForm));
    return;
  }
  form.setValue('insurances', [...form.getValues('insurances'), { provider, ...answers }]);
  toast.success(i18n._('signup.insurance.toast'), { description: insuranceProviderLabel(provider) });
  form.setValue('insuranceProvider', '', { shouldValidate: true });
  form.setValue('insuranceDraft', emptyCoverageForm);
  form.clearErrors('insuranceDraft');
}

const PROVIDER_OPTIONS = insuranceProviderOptions(INSURANCE_PROVIDER_NAMES);

export function InsuranceStep() {
  const form = useFormContext<F>();
  const { control, setValue, getValues, setFocus, clearErrors } = form;
  const hasInsurance = useWatch({ control, name: 'hasInsurance' });
  const provider = useWatch({ control, name: 'insuranceProvider' });
  const insurances = useWatch({ control, name: 'insurances' });
  const { _ } = useLingui();
  const yesNo = [
    { value: 'yes', label: _('signup.insurance.yes') },
    { value: 'no', label: _('signup.insurance.no') },
  ];
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
              title: insuranceProviderLabel(ins.provider),
              detail: ins.drugCoverage ? drugCoverageLabel(ins.drugCoverage) : undefined,
              removeLabel: _('signup.insurance.remove', { provider: insuranceProviderLabel(ins.provider) }),
              removedText: _('signup.insurance.removed', { provider: insuranceProviderLabel(ins.provider) }),
            })}
            onRemove={(i) => {
              const left = without(getValues('insurances'), i);
              setValue('insurances', left, { shouldValidate: true });
              // A provider chosen can only be wrong for being in the list already: gone from it, it is fine again.
              const chosen = getValues('insuranceProvider');
              if (chosen && !left.some((p) => p.provider === chosen)) clearErrors('insuranceProvider');
            }}
            focusWhenEmpty={() => setFocus('insuranceProvider')}
          />
          <SelectField<F>
            name="insuranceProvider"
            label={_('signup.insurance.provider')}
            options={PROVIDER_OPTIONS}
            required={insurances.length === 0}
          />
          {provider && <CoverageQuestions prefix="insuranceDraft." />}
          {/* Under the plan's questions, so the message it may give sits just above it; never disabled, so it keeps
              the keyboard's focus (pressed without a provider it asks for one). */}
          <Button variant="outline" className="w-full sm:w-auto" onClick={() => addInsurance(form)}>
            <Plus aria-hidden /> {_('signup.insurance.add')}
          </Button>
        </>
      )}
      {hasInsurance === 'no' && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-800">{_('signup.insurance.none')}</p>
      )}
    </div>
  );
}
