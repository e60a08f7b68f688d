import { z } from 'zod';
import { centsToDollarsText, householdSizeText, yearlyIncomeText } from '@/lib/eligibility-form';
import type { EligibilityFacts, EligibilityFactsRequest } from '@rxbridge/contracts';

/** The Eligibility dialog's fields as typed; the output is the body of PUT /users/eligibility. */
export const eligibilityFormSchema = z
  .object({ householdSize: householdSizeText, annualIncome: yearlyIncomeText })
  .transform((v): EligibilityFactsRequest => ({ householdSize: v.householdSize, annualIncomeCents: v.annualIncome }));
export type EligibilityFormInput = z.input<typeof eligibilityFormSchema>;

export const toEligibilityForm = (saved: EligibilityFacts): EligibilityFormInput => ({
  householdSize: saved.householdSize === null ? '' : String(saved.householdSize),
  annualIncome: saved.annualIncomeCents === null ? '' : centsToDollarsText(saved.annualIncomeCents),
});
