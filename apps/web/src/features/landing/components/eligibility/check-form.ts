import { z } from 'zod';
import { ELIGIBILITY_MESSAGES } from '@rxbridge/contracts';
import type { ComboboxOption } from '@/components/ui/combobox';
import { householdIncomeSchema, insuranceTypeText } from '@/lib/eligibility-form';
import type { EligibilityCheckRequest, ProgramView } from '@rxbridge/contracts';

/** The landing checker's fields as typed; the output is the API's request. */
export const checkFormSchema = z
  .object({
    medication: z
      .string()
      .trim()
      .min(1, ELIGIBILITY_MESSAGES.medicationRequired)
      .max(200, ELIGIBILITY_MESSAGES.medicationTooLong),
    state: z.string().min(1, 'Please choose your state'),
    insuranceType: insuranceTypeText,
  })
  .and(householdIncomeSchema)
  .transform((v): EligibilityCheckRequest => ({
    medication: v.medication,
    householdSize: v.householdSize,
    annualIncomeCents: v.annualIncomeCents,
    state: v.state,
    insuranceType: v.insuranceType,
  }));
export type CheckFormInput = z.input<typeof checkFormSchema>;

export const checkFormDefaults: CheckFormInput = {
  medication: '',
  householdSize: '',
  annualIncome: '',
  incomePeriod: 'year',
  state: '',
  insuranceType: '' as CheckFormInput['insuranceType'],
};

/** One suggestion per brand in the catalogue: "Ozempic", "semaglutide · Novo Nordisk". */
export function medicationOptions(programs: readonly ProgramView[]): ComboboxOption[] {
  const byBrand = new Map<string, ComboboxOption>();
  for (const p of programs) {
    for (const m of p.medications) {
      const key = m.brand.toLowerCase();
      if (!byBrand.has(key))
        byBrand.set(key, { value: m.brand, label: m.brand, description: `${m.generic} · ${p.manufacturer}` });
    }
  }
  return [...byBrand.values()].sort((a, b) => a.label.localeCompare(b.label));
}
