// RxBridge's own notes on a catalogue entry in the patient's language (docs/product.md §20): a program's income limit
// note, its residency rule and the condition of an insurance rule, and a copay card's terms, as the catalogue words
// them in English, or in Spanish from catalogue/notes-es.ts (programs) and catalogue/card-terms-es.ts (cards). The
// eligibility reasons quote them (screening.ts, route-rules.ts).
import type { Language } from '@rxbridge/contracts';
import { COPAY_CARD_TERMS_ES } from './catalogue/card-terms-es';
import { PROGRAM_NOTES_ES } from './catalogue/notes-es';
import type { CopayCardProgram, PapProgram, ProgramInsuranceRules } from './types';

export type InsuranceRuleKind = keyof ProgramInsuranceRules;

/** A program's note: its income limit note, its residency rule, or the condition of one of its insurance rules. */
export type ProgramNote = 'incomeLimitNote' | 'residency' | InsuranceRuleKind;

/**
 * The note in the language asked (English when none is given); an entry without a Spanish note (not in the
 * catalogue) keeps its English one. An insurance rule without a condition has no note in any language.
 */
export function noteIn(language: Language | undefined, card: CopayCardProgram, note: 'terms'): string;
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
export function noteIn(
  language: Language | undefined,
  entry: PapProgram | CopayCardProgram,
  note: ProgramNote | 'terms',
): string | undefined {
  const spanish = language === 'es';
  if (entry.kind === 'COPAY_CARD') return (spanish ? COPAY_CARD_TERMS_ES[entry.id] : undefined) ?? entry.terms;
  const notes = spanish ? PROGRAM_NOTES_ES[entry.id] : undefined;
  if (note === 'incomeLimitNote') return notes?.incomeLimitNote ?? entry.incomeLimitNote;
  if (note === 'residency') return notes?.residency ?? entry.residency.description;
  if (note === 'terms') return undefined;
  const condition = entry.insurance[note]?.condition;
  return condition && (notes?.conditions?.[note] ?? condition);
}
