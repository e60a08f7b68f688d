import { z } from 'zod';
import { ELIGIBILITY_MESSAGES } from '@rxbridge/contracts';
import type { ComboboxOption } from '@/components/ui/combobox';
import {
  drugCoverageText,
  extraHelpFromText,
  householdSizeText,
  isMedicareCoverage,
  yearlyIncomeText,
} from '@/lib/eligibility-form';
import type { CatalogueEntryView, EligibilityCheckRequest } from '@rxbridge/contracts';

/** The landing checker's fields as typed; the output is the API's request. */
export const checkFormSchema = z
  .object({
    medication: z
      .string()
      .trim()
      .min(1, ELIGIBILITY_MESSAGES.medicationRequired)
      .max(200, ELIGIBILITY_MESSAGES.medicationTooLong),
    householdSize: householdSizeText,
    annualIncome: yearlyIncomeText,
    state: z.string().min(1, 'Please choose your state'),
    drugCoverage: drugCoverageText,
    extraHelp: z.string(),
  })
  .transform((v): EligibilityCheckRequest => ({
    medication: v.medication,
    householdSize: v.householdSize,
    annualIncomeCents: v.annualIncome,
    state: v.state,
    drugCoverage: v.drugCoverage,
    // Asked of Medicare patients only (docs/product.md §19).
    extraHelp: isMedicareCoverage(v.drugCoverage) ? extraHelpFromText(v.extraHelp) : null,
  }));
export type CheckFormInput = z.input<typeof checkFormSchema>;

export const checkFormDefaults: CheckFormInput = {
  medication: '',
  householdSize: '',
  annualIncome: '',
  state: '',
  drugCoverage: '' as CheckFormInput['drugCoverage'],
  extraHelp: '',
};

/** One suggestion per brand in the catalogue: "Ozempic", "semaglutide · Novo Nordisk". */
export function medicationOptions(entries: readonly CatalogueEntryView[]): ComboboxOption[] {
  const byBrand = new Map<string, ComboboxOption>();
  for (const p of entries) {
    if (p.kind === 'FOUNDATION') continue;
    for (const m of p.medications) {
      const key = m.brand.toLowerCase();
      if (!byBrand.has(key))
        byBrand.set(key, { value: m.brand, label: m.brand, description: `${m.generic} · ${p.sponsor}` });
    }
  }
  return [...byBrand.values()].sort((a, b) => a.label.localeCompare(b.label));
}
