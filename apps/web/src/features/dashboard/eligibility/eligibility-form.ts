import type { z } from 'zod';
import { centsToDollarsText, householdIncomeSchema } from '@/lib/eligibility-form';
import type { EligibilityFacts, EligibilityFactsRequest } from '@rxbridge/contracts';

/** The Eligibility dialog's fields as typed (income per month or per year); the output is PUT /users/eligibility's body. */
export const eligibilityFormSchema = householdIncomeSchema.transform((v): EligibilityFactsRequest => ({
  householdSize: v.householdSize,
  annualIncomeCents: v.annualIncomeCents,
}));
export type EligibilityFormInput = z.input<typeof eligibilityFormSchema>;

/** A saved income shows per year, as the server keeps it. */
export const toEligibilityForm = (saved: EligibilityFacts): EligibilityFormInput => ({
  householdSize: saved.householdSize === null ? '' : String(saved.householdSize),
  annualIncome: saved.annualIncomeCents === null ? '' : centsToDollarsText(saved.annualIncomeCents),
  incomePeriod: 'year',
});
