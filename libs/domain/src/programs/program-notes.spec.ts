import { DRUG_COVERAGES } from '@rxbridge/contracts';
import { formatCents } from '../money';
import { COPAY_CARD_CATALOGUE, PAP_CATALOGUE } from './catalogue';
import { COPAY_CARD_TERMS_ES } from './catalogue/card-terms-es';
import { PROGRAM_NOTES_ES } from './catalogue/notes-es';
import { noteIn, type InsuranceRuleKind } from './program-notes';
import { copayCardRoutes } from './route-rules';
import { REASONS_EN } from './reasons';
import { REASONS_ES } from './reasons-es';
import type { RouteFacts } from './routes';
import { screenEligibility, type ScreeningFacts, type ScreeningInsuranceType } from './screening';
import type { CopayCardProgram, PapProgram } from './types';

const KINDS: readonly InsuranceRuleKind[] = [
  'uninsured',
  'medicarePartD',
  'medicaid',
  'commercial',
  'medicareWithoutDrugs',
  'vaTricare',
];
const program = (id: string) => PAP_CATALOGUE.find((p) => p.id === id)!;
const genentech = program('genentech-patient-foundation');
const exelixis = program('exelixis-access-services');

/** Every English note of a program: its income limit note, its residency rule and its insurance rules' conditions. */
function englishNotes(p: PapProgram): string[] {
  const conditions = KINDS.map((kind) => p.insurance[kind]?.condition).filter((c): c is string => !!c);
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
      const withCondition = KINDS.filter((kind) => p.insurance[kind]?.condition);
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
      for (const kind of KINDS) expect(noteIn('en', p, kind)).toBe(p.insurance[kind]?.condition);
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

describe('RxBridge summaries of the copay cards’ terms, in Spanish (docs/product.md §20)', () => {
  const MONTHS = [
    ...['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio'],
    ...['julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  ];
  /** An English date written 12/31/2025 is said "31 de diciembre de 2025" in Spanish, as the reasons say dates. */
  const spanishDates = (text: string) =>
    text.replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (_, m, d, y) => `${Number(d)} de ${MONTHS[m - 1]} de ${y}`);
  /** Names kept as published: acronyms and names with more than one capital (VA, DoD, TRICARE, SupportPlus, FEHB). */
  const names = (text: string) => [...new Set(text.match(/\b[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b/g) ?? [])];
  /** The English summary's clauses of more than two words, between punctuation. */
  const clauses = (text: string) => text.split(/[;:.,()]\s*/).filter((clause) => clause.split(' ').length > 2);
  const amountsOf = (card: CopayCardProgram, say: typeof REASONS_EN) =>
    [
      card.payAsLittleAsCents !== null ? say.payAsLittleAs(formatCents(card.payAsLittleAsCents)) : null,
      card.yearlyCapCents !== null ? say.upTo(formatCents(card.yearlyCapCents)) : null,
    ].filter(Boolean);
  const withAmounts = (terms: string, amounts: unknown[]) =>
    amounts.length ? `${terms} (${amounts.join(', ')})` : terms;
  const facts = (card: CopayCardProgram, drugCoverage: RouteFacts['drugCoverage']): RouteFacts => ({
    medication: card.medications[0].brand,
    householdSize: 2,
    annualIncomeCents: 3_000_000,
    state: 'TX',
    drugCoverage,
    extraHelp: null,
    outOfPocketCents: null,
    today: new Date('2026-12-01T12:00:00Z'),
  });

  it('has Spanish terms for every card of the catalogue, and for nothing else', () => {
    for (const card of COPAY_CARD_CATALOGUE) {
      const es = COPAY_CARD_TERMS_ES[card.id];
      expect({ id: card.id, has: typeof es === 'string' && es.length > 10 }).toEqual({ id: card.id, has: true });
    }
    expect(Object.keys(COPAY_CARD_TERMS_ES).sort()).toEqual(COPAY_CARD_CATALOGUE.map((c) => c.id).sort());
  });

  it('keeps every amount, count and date of the English terms, the quoted words and the names verbatim', () => {
    for (const card of COPAY_CARD_CATALOGUE) {
      const en = card.terms;
      const es = noteIn('es', card, 'terms');
      expect(es).toBe(COPAY_CARD_TERMS_ES[card.id]);
      expect(es).not.toBe(en);
      expect({ id: card.id, es, figures: figures(es) }).toEqual({
        id: card.id,
        es,
        figures: figures(spanishDates(en)),
      });
      expect({ id: card.id, es, quoted: quoted(es) }).toEqual({ id: card.id, es, quoted: quoted(en) });
      for (const date of spanishDates(en).match(/\d+ de \p{L}+ de \d{4}/gu) ?? []) expect(es).toContain(date);
      const missing = names(en).filter((name) => !new RegExp(`\\b${name}\\b`).test(es));
      expect({ id: card.id, es, missing }).toEqual({ id: card.id, es, missing: [] });
      for (const m of card.medications.filter((m) => en.includes(m.brand))) expect(es).toContain(m.brand);
    }
  });

  it('answers the English terms when no language or English is asked, and for a card it has no Spanish terms of', () => {
    for (const card of COPAY_CARD_CATALOGUE) {
      expect([noteIn(undefined, card, 'terms'), noteIn('en', card, 'terms')]).toEqual([card.terms, card.terms]);
    }
    const unknown = { ...COPAY_CARD_CATALOGUE[0], id: 'not-in-the-catalogue' };
    expect(noteIn('es', unknown, 'terms')).toBe(unknown.terms);
  });

  it('says each card’s terms in Spanish on its Spanish route, with no English terms, and in English as before', () => {
    for (const card of COPAY_CARD_CATALOGUE) {
      for (const drugCoverage of DRUG_COVERAGES) {
        const [en] = copayCardRoutes(facts(card, drugCoverage), [card]);
        const [es] = copayCardRoutes({ ...facts(card, drugCoverage), language: 'es' }, [card]);
        expect(en.reasons[1]).toBe(`Card terms: ${withAmounts(card.terms, amountsOf(card, REASONS_EN))}`);
        expect(copayCardRoutes({ ...facts(card, drugCoverage), language: 'en' }, [card])).toEqual([en]);
        expect(es.reasons[1]).toBe(
          `Condiciones de la tarjeta: ${withAmounts(COPAY_CARD_TERMS_ES[card.id], amountsOf(card, REASONS_ES))}`,
        );
        expect(es.verdict).toBe(en.verdict);
        // Neither the whole English summary nor any clause of it.
        const english = [card.terms, ...clauses(card.terms)].filter((text) => es.reasons.some((r) => r.includes(text)));
        expect({ id: card.id, drugCoverage, english }).toEqual({ id: card.id, drugCoverage, english: [] });
      }
    }
  });

  it('says the Trulicity card’s ended terms in Spanish next to the reason that they ended', () => {
    const trulicity = COPAY_CARD_CATALOGUE.find((c) => c.id === 'lilly-trulicity-savings-card')!;
    const [es] = copayCardRoutes({ ...facts(trulicity, 'EMPLOYER'), language: 'es' }, [trulicity]);
    expect(es.verdict).toBe('NEEDS_REVIEW');
    expect(es.reasons[0]).toContain('terminaron el 31 de diciembre de 2025');
    expect(es.reasons[1]).toBe(
      'Condiciones de la tarjeta: Cobertura comercial de medicamentos que cubra Trulicity; no es para quien esté ' +
        'inscrito(a) en Medicaid, Medicare (Parte D, Advantage), Medigap, DoD, VA, TRICARE/CHAMPUS o un programa ' +
        'estatal de asistencia con medicamentos; residentes de EE. UU. o Puerto Rico de 18 años o más. Hasta $150 por ' +
        'surtido de 1 mes, 13 surtidos al año. Las condiciones que tenemos guardadas terminaron el 31 de diciembre de ' +
        '2025. (pague tan solo $25.00 por surtido, hasta $1,950.00 al año)',
    );
  });
});
