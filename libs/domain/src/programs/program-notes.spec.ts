import { DRUG_COVERAGES } from '@rxbridge/contracts';
import { PAP_CATALOGUE } from './catalogue';
import { PROGRAM_NOTES_ES } from './catalogue/notes-es';
import { noteIn, type InsuranceRuleKind } from './program-notes';
import { REASONS_EN } from './reasons';
import { REASONS_ES } from './reasons-es';
import { screenEligibility, type ScreeningFacts, type ScreeningInsuranceType } from './screening';
import type { PapProgram } from './types';

const KINDS: readonly InsuranceRuleKind[] = ['uninsured', 'medicarePartD', 'medicaid', 'commercial'];
const program = (id: string) => PAP_CATALOGUE.find((p) => p.id === id)!;
const genentech = program('genentech-patient-foundation');
const exelixis = program('exelixis-access-services');

/** Every English note of a program: its income limit note, its residency rule and its insurance rules' conditions. */
function englishNotes(p: PapProgram): string[] {
  const conditions = KINDS.map((kind) => p.insurance[kind].condition).filter((c): c is string => !!c);
  return [p.incomeLimitNote, p.residency.description, ...conditions];
}

function spanishNotes(p: PapProgram): string[] {
  const conditions = KINDS.map((kind) => noteIn('es', p, kind)).filter((c): c is string => !!c);
  return [noteIn('es', p, 'incomeLimitNote'), noteIn('es', p, 'residency'), ...conditions];
}

const figures = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).sort();
const quoted = (text: string) => text.match(/"[^"]*"/g) ?? [];

describe('RxBridge notes on the programs, in Spanish (docs/product.md §20)', () => {
  it('has a Spanish note for every note of every catalogue program, and none for anything else', () => {
    for (const p of PAP_CATALOGUE) {
      const es = PROGRAM_NOTES_ES[p.id];
      expect({ id: p.id, has: !!es }).toEqual({ id: p.id, has: true });
      expect(es.incomeLimitNote.length).toBeGreaterThan(10);
      expect(es.residency.length).toBeGreaterThan(10);
      const withCondition = KINDS.filter((kind) => p.insurance[kind].condition);
      expect({ id: p.id, conditions: Object.keys(es.conditions ?? {}).sort() }).toEqual({
        id: p.id,
        conditions: [...withCondition].sort(),
      });
    }
    expect(Object.keys(PROGRAM_NOTES_ES).sort()).toEqual(PAP_CATALOGUE.map((p) => p.id).sort());
  });

  it('keeps every figure of the English note and the words quoted from the sponsor verbatim', () => {
    for (const p of PAP_CATALOGUE) {
      const en = englishNotes(p);
      spanishNotes(p).forEach((es, i) => {
        expect({ id: p.id, es, figures: figures(es) }).toEqual({ id: p.id, es, figures: figures(en[i]) });
        expect({ id: p.id, es, quoted: quoted(es) }).toEqual({ id: p.id, es, quoted: quoted(en[i]) });
        expect(es).not.toBe(en[i]);
      });
    }
  });

  it('answers English when no language or English is asked, and for a program it has no Spanish note of', () => {
    for (const p of PAP_CATALOGUE) {
      expect([noteIn(undefined, p, 'incomeLimitNote'), noteIn('en', p, 'residency')]).toEqual([
        p.incomeLimitNote,
        p.residency.description,
      ]);
      for (const kind of KINDS) expect(noteIn('en', p, kind)).toBe(p.insurance[kind].condition);
    }
    const unknown = { ...genentech, id: 'not-in-the-catalogue' };
    expect(noteIn('es', unknown, 'incomeLimitNote')).toBe(genentech.incomeLimitNote);
    expect(noteIn('es', genentech, 'medicaid')).toBeUndefined();
  });
});

describe('screenEligibility in Spanish quotes the Spanish notes', () => {
  const household: ScreeningFacts = {
    householdSize: 3,
    annualIncomeCents: 4_000_000,
    state: 'TX',
    insuranceType: 'None',
  };

  it('says Genentech’s residency and income notes in Spanish, and in English as before', () => {
    const es = screenEligibility(genentech, { ...household, language: 'es' });
    expect(es.reasons[0]).toBe(
      'TX está en los Estados Unidos (regla del programa: Las páginas consultadas no indican una regla de residencia.)',
    );
    expect(es.reasons[1]).toMatch(
      /; este programa no publica un límite de ingresos que hayamos podido verificar \(Se publica en dólares, no como un porcentaje de las pautas federales de pobreza: ingreso bruto ajustado del hogar inferior a \$100,000, o inferior a \$150,000 cuando el paciente gasta el 5% o más de ese ingreso en el medicamento de Genentech\.\)$/,
    );
    expect(es.reasons[2]).toBe(
      REASONS_ES.onCondition(
        REASONS_ES.uninsured,
        ' Los pacientes sin seguro médico deben cumplir otros criterios económicos.',
      ),
    );

    const en = screenEligibility(genentech, household);
    expect(en.reasons[0]).toBe(REASONS_EN.inUs('TX', 'The pages read do not state a residency rule.'));
    expect(en.reasons[1]).toMatch(/^Household income is [\d.]+% of the \d{4} poverty guideline for 3 people in TX; /);
    expect(
      en.reasons[1].endsWith(`this program publishes no income limit we could verify (${genentech.incomeLimitNote})`),
    ).toBe(true);
    expect(en.reasons[2]).toBe(
      REASONS_EN.onCondition(REASONS_EN.uninsured, ` ${genentech.insurance.uninsured.condition}`),
    );
    expect(screenEligibility(genentech, { ...household, language: 'en' })).toEqual(en);
    expect(es.verdict).toBe(en.verdict);
  });

  it('says Exelixis’s notes in Spanish, the sponsor’s quoted words kept', () => {
    const es = screenEligibility(exelixis, { ...household, language: 'es' });
    expect(es.reasons[0]).toBe(
      'TX está en los Estados Unidos (regla del programa: El anuncio no indica una regla de residencia.)',
    );
    expect(es.reasons[1]).toContain(
      '(Medicamento sin costo para pacientes sin seguro médico "that meet certain financial criteria"; no se da ninguna cifra.)',
    );
    const en = screenEligibility(exelixis, household);
    expect(en.reasons[0]).toBe(REASONS_EN.inUs('TX', exelixis.residency.description));
    expect(en.reasons[1]).toContain(`(${exelixis.incomeLimitNote})`);
  });

  it('leaves no English note in any Spanish reason, and every reason the English one quoted it in', () => {
    const states = ['IL', 'PR', 'VI', 'GU', 'AS', 'MP', 'XX'];
    const types: ScreeningInsuranceType[] = ['None', 'Medicare', 'Medicaid', 'Employer', 'Other'];
    const sizes: [number, number][] = [
      [1, 1_500_000],
      [9, 3_000_000],
    ];
    for (const p of PAP_CATALOGUE) {
      const notes = englishNotes(p);
      for (const state of states) {
        for (const [householdSize, annualIncomeCents] of sizes) {
          const base = { householdSize, annualIncomeCents, state };
          const facts: ScreeningFacts[] = [
            ...types.map((insuranceType) => ({ ...base, insuranceType })),
            ...DRUG_COVERAGES.map((drugCoverage) => ({ ...base, insuranceType: 'None' as const, drugCoverage })),
          ];
          for (const f of facts) {
            const en = screenEligibility(p, f);
            const es = screenEligibility(p, { ...f, language: 'es' });
            expect(es.verdict).toBe(en.verdict);
            const english = notes.filter((note) => es.reasons.some((r) => r.includes(note)));
            expect({ id: p.id, facts: f, english }).toEqual({ id: p.id, facts: f, english: [] });
            const quotedNotes = notes.filter((note) => en.reasons.some((r) => r.includes(note))).length;
            const quotedSpanish = spanishNotes(p).filter((note) => es.reasons.some((r) => r.includes(note))).length;
            expect(quotedSpanish).toBe(quotedNotes);
          }
        }
      }
    }
  });
});
