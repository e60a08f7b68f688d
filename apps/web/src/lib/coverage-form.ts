// The coverage questions of an insurance plan as typed (signup wizard, dashboard Insurance dialog and prompt):
// checked and turned into what the API takes (docs/product.md §6.3 Insurance).
import { z } from 'zod';
import {
  COVERAGE_MESSAGES,
  DRUG_COVERAGES,
  DRUG_COVERAGE_LABELS,
  MAX_OUT_OF_POCKET_CENTS,
  type DrugCoverage,
} from '@rxbridge/contracts';
import { isMedicareCoverage, patientCoverage, type InsuranceCoverageRecord } from '@rxbridge/domain';
import { centsToDollarsText, parseDollars } from './eligibility-form';
import { formatCents } from './format';

/** The form's values: '' while a question is unanswered. */
export interface CoverageFormValues {
  drugCoverage: DrugCoverage | '';
  extraHelp: 'yes' | 'no' | '';
  outOfPocket: string;
}
export const emptyCoverageForm: CoverageFormValues = { drugCoverage: '', extraHelp: '', outOfPocket: '' };

/** The answers as the API takes them; Extra Help and the spend are asked only of Medicare kinds. */
export interface CoverageAnswers {
  drugCoverage: DrugCoverage | null;
  extraHelp: boolean | null;
  outOfPocketCentsThisYear: number | null;
}

const outOfPocketText = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const cents = parseDollars(v);
    if (cents === null || cents > MAX_OUT_OF_POCKET_CENTS) {
      ctx.addIssue({
        code: 'custom',
        message: cents === null ? COVERAGE_MESSAGES.outOfPocketDollars : COVERAGE_MESSAGES.outOfPocketTooHigh,
      });
      return z.NEVER;
    }
    return cents;
  });

/** The three questions, each optional (the wizard's step rules stay as they are, docs/product.md §7.1). */
export const coverageFormShape = {
  drugCoverage: z.union([z.literal(''), z.enum(DRUG_COVERAGES)]),
  extraHelp: z.enum(['', 'yes', 'no']),
  outOfPocket: outOfPocketText,
};

export function toCoverageAnswers(v: {
  drugCoverage: DrugCoverage | '';
  extraHelp: 'yes' | 'no' | '';
  outOfPocket: number | null;
}): CoverageAnswers {
  const medicare = isMedicareCoverage(v.drugCoverage || null);
  return {
    drugCoverage: v.drugCoverage || null,
    extraHelp: medicare && v.extraHelp ? v.extraHelp === 'yes' : null,
    outOfPocketCentsThisYear: medicare ? v.outOfPocket : null,
  };
}

/** What the dashboard's forms show of a saved plan. */
export const toCoverageForm = (saved: CoverageAnswers): CoverageFormValues => ({
  drugCoverage: saved.drugCoverage ?? '',
  extraHelp: saved.extraHelp === null ? '' : saved.extraHelp ? 'yes' : 'no',
  outOfPocket: saved.outOfPocketCentsThisYear === null ? '' : centsToDollarsText(saved.outOfPocketCentsThisYear),
});

/** One line for a plan's answers: "Medicare Part D drug plan · Extra Help: no · $850 out of pocket this year". */
export function describeCoverage(saved: CoverageAnswers): string | null {
  if (!saved.drugCoverage) return null;
  const parts = [DRUG_COVERAGE_LABELS[saved.drugCoverage]];
  if (saved.extraHelp !== null) parts.push(`Extra Help: ${saved.extraHelp ? 'yes' : 'no'}`);
  if (saved.outOfPocketCentsThisYear !== null) {
    parts.push(`${formatCents(saved.outOfPocketCentsThisYear)} out of pocket this year`);
  }
  return parts.join(' · ');
}

/**
 * What a navigator reads of a plan's coverage (docs/product.md §8, §6.3): the answers, or how an unanswered plan is
 * read; no plan at all reads as no drug coverage (docs/product.md §15).
 */
export function coverageLine(insurance: InsuranceCoverageRecord | null): string {
  const read = DRUG_COVERAGE_LABELS[patientCoverage(insurance).drugCoverage];
  if (!insurance) return `No insurance on file; read as ${read}`;
  return describeCoverage(insurance) ?? `Kind of plan not answered; read as ${read}`;
}

/** A plan's answers as the dashboard edits them: the kind of plan is required there (answering is the point). */
export const coverageEditSchema = z
  .object({
    ...coverageFormShape,
    drugCoverage: z.enum(DRUG_COVERAGES, { error: COVERAGE_MESSAGES.drugCoverage }),
  })
  .transform(toCoverageAnswers);
export type CoverageEditInput = z.input<typeof coverageEditSchema>;

/** The server names outOfPocketCentsThisYear; the forms show dollars. */
export const coverageFieldOf = (serverField: string) =>
  serverField === 'outOfPocketCentsThisYear' ? 'outOfPocket' : serverField;
