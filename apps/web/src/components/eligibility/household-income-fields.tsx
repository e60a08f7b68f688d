import { MAX_HOUSEHOLD_SIZE } from '@/lib/eligibility-form';
import { InputField } from '@/components/ui/form';

/** The names both forms give the two facts; the server calls the income annualIncomeCents. */
export type HouseholdIncomeValues = { householdSize: string; annualIncome: string };

/** The server names its own field; the forms show income in dollars. */
export const householdFieldOf = (serverField: string) =>
  serverField === 'annualIncomeCents' ? 'annualIncome' : serverField;

/**
 * Household size and yearly income, worded the same wherever a patient types them: the landing
 * checker and the dashboard's Eligibility dialog (docs/product.md §15 Programs and eligibility).
 * Renders inside a Form whose values have these two fields.
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
      <InputField<HouseholdIncomeValues>
        name="annualIncome"
        label="Yearly household income ($)"
        inputMode="decimal"
        placeholder="e.g. 32000"
        required
        hint="Before taxes, in US dollars."
      />
    </>
  );
}
