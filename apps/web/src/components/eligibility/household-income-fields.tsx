import { INCOME_PERIODS, MAX_HOUSEHOLD_SIZE } from '@/lib/eligibility-form';
import { InputField } from '@/components/ui/form';
import { RadioChoiceField } from '@/components/ui/radio-choice';

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
  return (
    <>
      <InputField<HouseholdIncomeValues>
        name="householdSize"
        label="People in your household"
        inputMode="numeric"
        required
        hint={`You and anyone you claim on your taxes (1-${MAX_HOUSEHOLD_SIZE}).`}
      />
      <div className="space-y-2">
        <InputField<HouseholdIncomeValues>
          name="annualIncome"
          label="Household income ($)"
          inputMode="decimal"
          placeholder="e.g. 32000"
          required
          hint="Before taxes, in US dollars."
        />
        <RadioChoiceField<HouseholdIncomeValues>
          name="incomePeriod"
          legend="Income is"
          options={INCOME_PERIODS}
          size="sm"
        />
      </div>
    </>
  );
}
