// RxBridge's own notes on a program in the patient's language (docs/product.md §20): how its income limit was read,
// its residency rule and the condition of an insurance rule, as the catalogue words them in English, or in Spanish
// from catalogue/notes-es.ts. The eligibility reasons quote them (screening.ts).
import type { Language } from '@rxbridge/contracts';
import { PROGRAM_NOTES_ES } from './catalogue/notes-es';
import type { PapProgram, ProgramInsuranceRules } from './types';

export type InsuranceRuleKind = keyof ProgramInsuranceRules;

/** A program's note: its income limit note, its residency rule, or the condition of one of its insurance rules. */
export type ProgramNote = 'incomeLimitNote' | 'residency' | InsuranceRuleKind;

/**
 * The note in the language asked (English when none is given); a program without a Spanish note (not in the
 * catalogue) keeps its English one. An insurance rule without a condition has no note in any language.
 */
export function noteIn(
  language: Language | undefined,
  program: PapProgram,
  note: 'incomeLimitNote' | 'residency',
): string;
export function noteIn(
  language: Language | undefined,
  program: PapProgram,
  note: InsuranceRuleKind,
): string | undefined;
export function noteIn(language: Language | undefined, program: PapProgram, note: ProgramNote): string | undefined {
  const spanish = language === 'es' ? PROGRAM_NOTES_ES[program.id] : undefined;
  if (note === 'incomeLimitNote') return spanish?.incomeLimitNote ?? program.incomeLimitNote;
  if (note === 'residency') return spanish?.residency ?? program.residency.description;
  const condition = program.insurance[note].condition;
  return condition && (spanish?.conditions?.[note] ?? condition);
}
