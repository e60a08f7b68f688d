// Matching a typed medication name to the catalogue's entries (docs/product.md §15 Matching).
import type { PapProgram, ProgramMedication } from './types';

export type MedicationMatchKind = 'EXACT' | 'CONTAINS_NAME' | 'NAME_PREFIX';

/** Any catalogue entry that lists medications (a PAP or a copay card). */
export interface WithMedications {
  medications: readonly ProgramMedication[];
}

export interface MedicationMatch<T extends WithMedications = PapProgram> {
  program: T;
  medication: ProgramMedication;
  /** Which name matched. */
  matchedOn: 'brand' | 'generic';
  kind: MedicationMatchKind;
}

export type MedicationMatchResult<T extends WithMedications = PapProgram> =
  { outcome: 'MATCHED'; matches: MedicationMatch<T>[] } | { outcome: 'NO_PROGRAM'; matches: [] };

/** Lower-case words of a name: ® and ™ dropped, split on spaces and commas ("Ozempic® 1 mg pen" -> ozempic,1,mg,pen). */
export function medicationNameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[®™]/g, '')
    .split(/[\s,]+/)
    .filter((word) => word.length > 0);
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, i) => haystack[start + i] === word)) return true;
  }
  return false;
}

function matchKind(query: readonly string[], name: readonly string[]): MedicationMatchKind | null {
  if (query.length === name.length && query.every((word, i) => word === name[i])) return 'EXACT';
  if (containsRun(query, name)) return 'CONTAINS_NAME';
  if (query.length < name.length && query.every((word, i) => word === name[i])) return 'NAME_PREFIX';
  return null;
}

const KIND_ORDER: Record<MedicationMatchKind, number> = { EXACT: 0, CONTAINS_NAME: 1, NAME_PREFIX: 2 };

/**
 * Programs offering a medication, by brand or generic name, case-insensitively and ignoring surrounding spaces.
 * Names are compared as whole words (so "Ozempic" never matches inside another word):
 * - EXACT: the same words ("ozempic", " ELIQUIS ");
 * - CONTAINS_NAME: the typed text contains a catalogue name as consecutive words ("Ozempic 1 mg pen",
 *   "apixaban 5 mg tablets");
 * - NAME_PREFIX: the typed words are the first words of a longer name ("Trelegy" -> "Trelegy Ellipta").
 * Exact matches come first. Nothing matching gives NO_PROGRAM.
 */
export function matchPrograms<T extends WithMedications = PapProgram>(
  medication: string,
  catalogue: readonly T[],
): MedicationMatchResult<T> {
  const query = medicationNameWords(medication);
  const matches: MedicationMatch<T>[] = [];
  if (query.length > 0) {
    for (const program of catalogue) {
      for (const med of program.medications) {
        const brand = matchKind(query, medicationNameWords(med.brand));
        const generic = matchKind(query, medicationNameWords(med.generic));
        const best =
          brand !== null && (generic === null || KIND_ORDER[brand] <= KIND_ORDER[generic])
            ? { kind: brand, matchedOn: 'brand' as const }
            : generic !== null
              ? { kind: generic, matchedOn: 'generic' as const }
              : null;
        if (best) matches.push({ program, medication: med, ...best });
      }
    }
  }
  if (matches.length === 0) return { outcome: 'NO_PROGRAM', matches: [] };
  matches.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return { outcome: 'MATCHED', matches };
}

/**
 * The matches of the best kind only (every EXACT one when there is one): what an automatic choice may rest on, so a
 * program is never chosen over another matching as well for coming first in the catalogue (docs/product.md §15).
 */
export function bestMatches<T extends WithMedications>(result: MedicationMatchResult<T>): MedicationMatch<T>[] {
  const best = result.matches[0]?.kind;
  return result.matches.filter((m) => m.kind === best);
}

/** Whether a typed medication matches one name by the rules above (a fund's named brand, say). */
export function matchesName(medication: string, name: string): boolean {
  return matchKind(medicationNameWords(medication), medicationNameWords(name)) !== null;
}
