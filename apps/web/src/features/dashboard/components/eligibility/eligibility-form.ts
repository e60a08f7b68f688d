import { z } from 'zod';
import { centsToDollarsText, householdSizeText, yearlyIncomeText } from '@/lib/eligibility-form';
import type { PatientEligibility } from '@/lib/programs/types';

/** The Eligibility dialog's fields as typed; the output is the body of PUT /users/eligibility. */
export const eligibilityFormSchema = z
  .object({ householdSize: householdSizeText, annualIncome: yearlyIncomeText })
  .transform((v): PatientEligibility => ({ householdSize: v.householdSize, annualIncomeCents: v.annualIncome }));
export type EligibilityFormInput = z.input<typeof eligibilityFormSchema>;

export const toEligibilityForm = (saved: PatientEligibility | null): EligibilityFormInput => ({
  householdSize: saved ? String(saved.householdSize) : '',
  annualIncome: saved ? centsToDollarsText(saved.annualIncomeCents) : '',
});

export const formFieldOf = (serverField: string) =>
  serverField === 'annualIncomeCents' ? 'annualIncome' : serverField;
