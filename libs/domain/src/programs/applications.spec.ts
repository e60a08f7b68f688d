import {
  NO_FACTS_REASON,
  PAP_CATALOGUE,
  applicationEligibility,
  findProgram,
  matchProgramFor,
  programChecklist,
  programsFor,
  publishedDocuments,
  searchPrograms,
  toProgramView,
} from '..';

const NO_PROGRAM = 'No program covers it';

describe('program views and matching', () => {
  it('matches a medication to its maker program, case-insensitively, and nothing to an unknown one', () => {
    expect(matchProgramFor(' ozempic ')?.manufacturer).toMatch(/Novo Nordisk/);
    expect(matchProgramFor('Eliquis')?.id).toBe('bms-patient-assistance-foundation');
    expect(matchProgramFor('Notarealdrugzumab')).toBeNull();
    expect(programsFor('Notarealdrugzumab')).toEqual([]);
  });

  it('lists each program once per medication', () => {
    for (const program of PAP_CATALOGUE) {
      for (const med of program.medications) {
        const ids = programsFor(med.brand).map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toContain(program.id);
      }
    }
  });

  it('finds programs by id and searches names, makers and medications', () => {
    expect(findProgram('no-such-program')).toBeUndefined();
    expect(searchPrograms(undefined)).toHaveLength(PAP_CATALOGUE.length);
    expect(searchPrograms('HUMIRA').map((p) => p.id)).toEqual(['abbvie-myabbvie-assist']);
    expect(searchPrograms('zzzz')).toEqual([]);
  });

  it('shows every program publicly with its documents and source', () => {
    for (const program of PAP_CATALOGUE) {
      const view = toProgramView(program);
      expect(view.source.url).toMatch(/^https?:\/\//);
      expect(view.requiredDocuments).toEqual(publishedDocuments(program));
      expect(view.application).toEqual(program.application);
      expect(view.enrollment).toEqual(program.enrollment);
      expect(Object.keys(view).sort()).toEqual(
        [
          'kind',
          'id',
          'name',
          'sponsor',
          'manufacturer',
          'medications',
          'website',
          'incomeLimitFplPercent',
          'requiredDocuments',
          'application',
          'enrollment',
          'source',
        ].sort(),
      );
    }
  });

  it('puts proof of income first on every checklist and leaves the insurance card to insured patients', () => {
    for (const program of PAP_CATALOGUE) {
      const insured = programChecklist(program, { hasInsurance: true });
      const uninsured = programChecklist(program, { hasInsurance: false });
      expect(insured[0].kind).toBe('PROOF_OF_INCOME');
      expect(uninsured.map((i) => i.kind)).not.toContain('INSURANCE_CARD');
      expect(new Set(insured.map((i) => i.kind)).size).toBe(insured.length);
    }
  });
});

describe('applicationEligibility', () => {
  const ozempic = matchProgramFor('Ozempic')!;
  const facts = (annualIncomeCents: number) => ({ householdSize: 1, annualIncomeCents });

  it('answers NO_PROGRAM without a program', () => {
    expect(applicationEligibility(null, { facts: null, insuranceType: 'None', state: 'TX' }, NO_PROGRAM)).toEqual({
      verdict: 'NO_PROGRAM',
      reasons: [NO_PROGRAM],
      fplPercent: null,
    });
  });

  it('needs review until the household facts are saved', () => {
    expect(applicationEligibility(ozempic, { facts: null, insuranceType: 'None', state: 'TX' }, NO_PROGRAM)).toEqual({
      verdict: 'NEEDS_REVIEW',
      reasons: [NO_FACTS_REASON],
      fplPercent: null,
    });
  });

  it('screens with the saved facts, insurance and state', () => {
    const low = applicationEligibility(ozempic, { facts: facts(1_500_000), insuranceType: 'None', state: 'TX' }, '');
    expect(low).toMatchObject({ verdict: 'LIKELY_ELIGIBLE', fplPercent: 93.9 });
    const high = applicationEligibility(ozempic, { facts: facts(15_000_000), insuranceType: 'None', state: 'TX' }, '');
    expect(high.verdict).toBe('NOT_ELIGIBLE');
    expect(high.reasons.join(' ')).toMatch(/939\.8%/);
  });
});
