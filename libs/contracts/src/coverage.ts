// Coverage asked for what it is (docs/product.md §6.3 Insurance, §14 Fixed lists): the insurance record's kind of
// drug plan, Extra Help and this year's out-of-pocket spend, as the API takes and answers them and the web asks them.
import { z } from 'zod';
import { DRUG_COVERAGES } from './enums';
import { COVERAGE_MESSAGES } from './coverage-texts';

export * from './coverage-texts';

/** A million dollars: beyond that a year's spend is a typing mistake (and stays within a 32-bit integer column). */
export const MAX_OUT_OF_POCKET_CENTS = 100_000_000;

// Strict values, no coercion: "true" or "12" is a 400 naming the field (docs/product.md §6.3).
export const drugCoverageField = z.enum(DRUG_COVERAGES, { error: COVERAGE_MESSAGES.drugCoverage }).nullable();
export const extraHelpField = z.boolean({ error: COVERAGE_MESSAGES.extraHelp }).nullable();
export const outOfPocketCentsField = z
  .number({ error: COVERAGE_MESSAGES.outOfPocket })
  .int(COVERAGE_MESSAGES.outOfPocket)
  .min(0, COVERAGE_MESSAGES.outOfPocket)
  .max(MAX_OUT_OF_POCKET_CENTS, COVERAGE_MESSAGES.outOfPocketTooHigh)
  .nullable();

/** The coverage answers of an insurance record, each optional on a write (absent: unchanged or null). */
export const coverageAnswersShape = {
  drugCoverage: drugCoverageField.optional(),
  extraHelp: extraHelpField.optional(),
  outOfPocketCentsThisYear: outOfPocketCentsField.optional(),
};

/** The coverage answers as every insurance view carries them (null until answered). */
export const coverageAnswersViewShape = {
  drugCoverage: z.enum(DRUG_COVERAGES).nullable(),
  extraHelp: z.boolean().nullable(),
  outOfPocketCentsThisYear: z.number().int().nullable(),
};
