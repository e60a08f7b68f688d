import { z } from 'zod';
import { ELIGIBILITY_MESSAGES } from '@rxbridge/contracts';
import type { ComboboxOption } from '@/components/ui/combobox';
import { householdIncomeSchema } from '@/lib/eligibility-form';
import { isMedicareCoverage } from '@rxbridge/domain';
import { i18n } from '@/lib/i18n';
import { DRUG_COVERAGES, type CatalogueEntryView, type EligibilityCheckRequest } from '@rxbridge/contracts';

/** The landing checker's fields as typed; the output is the API's request. */
export const checkFormSchema = z
  .object({
    medication: z
      .string()
      .trim()
      .min(1, ELIGIBILITY_MESSAGES.medicationRequired)
      .max(200, ELIGIBILITY_MESSAGES.medicationTooLong),
    // Messages read when shown, in the language active then.
    state: z.string().min(1, { error: () => i18n._('landing-forms.check.stateRequired') }),
    drugCoverage: z.enum(DRUG_COVERAGES, { error: () => i18n._('landing-forms.check.planKindRequired') }),
    extraHelp: z.enum(['', 'yes', 'no']),
  })
  .and(householdIncomeSchema)
  .transform((v): EligibilityCheckRequest => ({
    medication: v.medication,
    householdSize: v.householdSize,
    annualIncomeCents: v.annualIncomeCents,
    state: v.state,
    drugCoverage: v.drugCoverage,
    // Asked of Medicare patients only (docs/product.md §19).
    extraHelp: isMedicareCoverage(v.drugCoverage) && v.extraHelp ? v.extraHelp === 'yes' : null,
  }));
export type CheckFormInput = z.input<typeof checkFormSchema>;

export const checkFormDefaults: CheckFormInput = {
  medication: '',
  householdSize: '',
  annualIncome: '',
  incomePeriod: 'year',
  state: '',
  drugCoverage: '' as CheckFormInput['drugCoverage'],
  extraHelp: '' as CheckFormInput['extraHelp'],
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
