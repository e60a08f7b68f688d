import { INCOME_PERIODS, MAX_HOUSEHOLD_SIZE } from '@/lib/eligibility-form';
import { InputField } from '@/components/ui/form';
import { RadioChoiceField } from '@/components/ui/radio-choice';
import { useLingui } from '@lingui/react';
import { useCatalogs } from '@/lib/i18n';

/** The fields' catalogue: a form that shows them may fetch it with its code (withCatalogs) so they never wait. */
export const HOUSEHOLD_NAMESPACES = ['household'];

/** The names the forms give the facts; the server calls the income annualIncomeCents (yearly, whatever the period). */
export type HouseholdIncomeValues = { householdSize: string; annualIncome: string; incomePeriod: 'year' | 'month' };

/** The server names its own field; the forms show income in dollars. */
export const householdFieldOf = (serverField: string) =>
  serverField === 'annualIncomeCents' ? 'annualIncome' : serverField;

/**
 * Household size and income, per month or per year as people know it, worded the same wherever a patient types
 * them: the landing checker and the dashboard's Eligibility dialog (docs/product.md §15 Programs and eligibility).
 * Renders inside a Form whose values have these fields.
 */
export function HouseholdIncomeFields() {
  useCatalogs(HOUSEHOLD_NAMESPACES);
  const { _ } = useLingui();
  const periods = INCOME_PERIODS.map((p) => ({
    value: p.value,
    label: p.value === 'year' ? _('household.perYear') : _('household.perMonth'),
  }));
  return (
    <>
      <InputField<HouseholdIncomeValues>
        name="householdSize"
        label={_('household.size')}
        inputMode="numeric"
        required
        hint={_('household.sizeHint', { max: MAX_HOUSEHOLD_SIZE })}
      />
      <div className="space-y-2">
        <InputField<HouseholdIncomeValues>
          name="annualIncome"
          label={_('household.income')}
          inputMode="decimal"
          placeholder={_('household.incomePlaceholder')}
          required
          hint={_('household.incomeHint')}
        />
        <RadioChoiceField<HouseholdIncomeValues>
          name="incomePeriod"
          legend={_('household.period')}
          options={periods}
          size="sm"
        />
      </div>
    </>
  );
}
