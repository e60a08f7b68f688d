import { PAP_CATALOGUE } from './catalogue';
import { REASONS_EN } from './reasons';
import { REASONS_ES } from './reasons-es';
import { screenRoutes } from './routes';
import { screenEligibility } from './screening';

const ozempic = PAP_CATALOGUE.find((p) => p.medications.some((m) => m.brand === 'Ozempic'))!;
const household = { householdSize: 1, annualIncomeCents: 1_500_000, state: 'IL', insuranceType: 'None' as const };

describe('eligibility reasons in Spanish', () => {
  it('screens the same way in both languages, each reason worded in its own', () => {
    const en = screenEligibility(ozempic, household);
    const es = screenEligibility(ozempic, { ...household, language: 'es' });
    expect(es.verdict).toBe(en.verdict);
    expect(es.fplPercent).toBe(en.fplPercent);
    expect(es.reasons).toHaveLength(en.reasons.length);
    // The program's residency rule as RxBridge shortened it is said in Spanish too (docs/product.md §20).
    expect(es.reasons[0]).toBe(REASONS_ES.inUs('IL', 'Debe ser ciudadano(a) o residente legal de EE. UU.'));
    expect(en.reasons[0]).toBe(REASONS_EN.inUs('IL', ozempic.residency.description));
    expect(es.reasons[1]).toMatch(
      /^Los ingresos del hogar son el 93\.9% de las pautas federales de pobreza de \d{4} para 1 persona en IL/,
    );
    expect(en.reasons[1]).toMatch(/^Household income is 93\.9% of the \d{4} poverty guideline for 1 person in IL/);
    expect(es.reasons.some((r, i) => r === en.reasons[i])).toBe(false);
  });

  it('words every route in Spanish, amounts in US dollars', () => {
    const facts = {
      ...household,
      medication: 'Ozempic',
      drugCoverage: 'MEDICARE_PART_D' as const,
      extraHelp: false,
      outOfPocketCents: 123_450,
    };
    const en = screenRoutes(facts);
    const es = screenRoutes({ ...facts, language: 'es' });
    expect(es.map((r) => [r.kind, r.verdict])).toEqual(en.map((r) => [r.kind, r.verdict]));
    const plan = es.find((r) => r.kind === 'MEDICARE_PAYMENT_PLAN')!;
    expect(plan.reasons).toEqual([
      REASONS_ES.paymentPlan(REASONS_ES.coverage.MEDICARE_PART_D),
      REASONS_ES.paidOutOfPocket('$1,234.50'),
    ]);
    const extraHelp = es.find((r) => r.kind === 'EXTRA_HELP')!;
    expect(extraHelp.reasons[0]).toContain('el límite de Ayuda Adicional es 150%');
  });

  it('has a Spanish twin for every English sentence and coverage word', () => {
    expect(Object.keys(REASONS_ES).sort()).toEqual(Object.keys(REASONS_EN).sort());
    expect(Object.keys(REASONS_ES.coverage).sort()).toEqual(Object.keys(REASONS_EN.coverage).sort());
  });
});
