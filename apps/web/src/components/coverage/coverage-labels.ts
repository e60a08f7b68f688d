import { DRUG_COVERAGES, type DrugCoverage } from '@rxbridge/contracts';
import type { CoverageAnswers } from '@/lib/coverage-form';
import type { Option } from '@/components/ui/form';
import { formatCents } from '@/lib/format';
import { i18n } from '@/lib/i18n';

// The kinds of plan in the active language (docs/product.md §6.3); in the 'common' catalogue because the
// signup wizard, the landing page's checker and the dashboard all ask the question.

/** How each kind of plan reads on screen; the English texts are DRUG_COVERAGE_LABELS'. */
export function drugCoverageLabel(coverage: DrugCoverage): string {
  switch (coverage) {
    case 'NONE':
      return i18n._('records.coverage.kind.none');
    case 'EMPLOYER':
      return i18n._('records.coverage.kind.employer');
    case 'MARKETPLACE':
      return i18n._('records.coverage.kind.marketplace');
    case 'MEDICARE_PART_D':
      return i18n._('records.coverage.kind.medicarePartD');
    case 'MEDICARE_ADVANTAGE_WITH_DRUGS':
      return i18n._('records.coverage.kind.medicareAdvantage');
    case 'MEDICARE_WITHOUT_DRUGS':
      return i18n._('records.coverage.kind.medicareWithoutDrugs');
    case 'MEDICAID':
      return i18n._('records.coverage.kind.medicaid');
    case 'VA_TRICARE':
      return i18n._('records.coverage.kind.vaTricare');
    case 'INDIAN_HEALTH_SERVICE':
      return i18n._('records.coverage.kind.ihs');
    default:
      return i18n._('records.coverage.kind.other');
  }
}

export const drugCoverageOptions = (): Option[] => DRUG_COVERAGES.map((c) => ({ value: c, label: drugCoverageLabel(c) }));

export const extraHelpOptions = (): Option[] => [
  { value: 'yes', label: i18n._('records.yes') },
  { value: 'no', label: i18n._('records.no') },
];

/** One line for a plan's answers: "Medicare Part D drug plan · Extra Help: no · $850 out of pocket this year". */
export function describeCoverage(saved: CoverageAnswers): string | null {
  if (!saved.drugCoverage) return null;
  const parts = [drugCoverageLabel(saved.drugCoverage)];
  if (saved.extraHelp !== null)
    parts.push(saved.extraHelp ? i18n._('records.coverage.extraHelpYes') : i18n._('records.coverage.extraHelpNo'));
  if (saved.outOfPocketCentsThisYear !== null) {
    parts.push(i18n._('records.coverage.outOfPocketThisYear', { amount: formatCents(saved.outOfPocketCentsThisYear) }));
  }
  return parts.join(' · ');
}

/**
 * An insurance provider (INSURANCE_PROVIDER_NAMES) as the patient reads it: a carrier's name stays as
 * written (docs/spanish-glossary.md), and "Other", a category, is said in the active language.
 */
export function insuranceProviderLabel(provider: string): string {
  return provider === 'Other' ? i18n._('records.insuranceProvider.other') : provider;
}

/**
 * The provider list's options, the stored names as values. Each label is read when the list renders,
 * so a list made once follows a switch of language.
 */
export const insuranceProviderOptions = (providers: readonly string[]): { value: string; label: string }[] =>
  providers.map((value) => ({
    value,
    get label() {
      return insuranceProviderLabel(value);
    },
  }));
