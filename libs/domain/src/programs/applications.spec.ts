import {
  ANY_PATIENT,
  NO_FACTS_REASON,
  PAP_CATALOGUE,
  ageOn,
  applicationEligibility,
  asksOf,
  bestMatchedPrograms,
  entryEligibility,
  findProgram,
  matchProgramFor,
  programChecklist,
  programsFor,
  publishedDocuments,
  searchPrograms,
  toProgramView,
  UNKNOWN_PATIENT,
  type PapProgram,
} from '..';
import { ELIGIBILITY_MESSAGES, ELIGIBILITY_MESSAGES_ES } from '@rxbridge/contracts';
import { REASONS_EN } from './reasons';
import { REASONS_ES } from './reasons-es';

const NO_PROGRAM = 'No program covers it';

describe('program views and matching', () => {
  it('matches a medication to its maker program, case-insensitively, and nothing to an unknown one', () => {
    expect(matchProgramFor(' ozempic ')?.manufacturer).toMatch(/Novo Nordisk/);
    expect(matchProgramFor('Eliquis')?.id).toBe('bms-patient-assistance-foundation');
    expect(matchProgramFor('Notarealdrugzumab')).toBeNull();
    expect(programsFor('Notarealdrugzumab')).toEqual([]);
  });

  it('sets a program only when the best-ranked matches all belong to it: a navigator picks among several (§15)', () => {
    // Lilly's Basaglar and Sanofi's Lantus and Toujeo are all insulin glargine: the catalogue's order used to pick Lilly.
    expect(bestMatchedPrograms('insulin glargine').map((p) => p.id)).toEqual([
      'lilly-cares',
      'sanofi-patient-connection',
    ]);
    expect(matchProgramFor('insulin glargine')).toBeNull();
    // The public check screens each of them (its results and routes), naming none the answer.
    expect(programsFor('insulin glargine').map((p) => p.id)).toEqual(['lilly-cares', 'sanofi-patient-connection']);
    expect(matchProgramFor('Insulin Lispro 100 units/mL')).toBeNull();
    // "insulin" begins 11 names of Lilly, Novo Nordisk and Sanofi.
    expect(bestMatchedPrograms('insulin')).toHaveLength(3);
    expect(matchProgramFor('insulin')).toBeNull();
    // One program's: its exact names outrank another's name prefix (NovoLog Mix), and a brand names one program.
    expect(matchProgramFor('insulin aspart')?.id).toBe('novo-nordisk-pap');
    expect(matchProgramFor('Lantus')?.id).toBe('sanofi-patient-connection');
    expect(matchProgramFor('Basaglar KwikPen')?.id).toBe('lilly-cares');
  });

  it('lets an exact match of one program outrank a name prefix of another', () => {
    const made = (id: string, brand: string, generic: string): PapProgram => ({
      ...findProgram('lilly-cares')!,
      id,
      medications: [{ brand, generic, area: 'DIABETES' }],
    });
    const catalogue = [made('first', 'Testa Long', 'testamine xr'), made('second', 'Testa', 'testamine')];
    expect(matchProgramFor('testa', catalogue)?.id).toBe('second');
    expect(matchProgramFor('testamine', catalogue)?.id).toBe('second');
    expect(programsFor('testa', catalogue).map((p) => p.id)).toEqual(['second', 'first']);
    expect(matchProgramFor('testa', [...catalogue, made('third', 'Other', 'testa')])).toBeNull();
  });

  it("sets every catalogue medication's brand to its own program", () => {
    for (const program of PAP_CATALOGUE) {
      for (const med of program.medications)
        expect([med.brand, matchProgramFor(med.brand)?.id]).toEqual([med.brand, program.id]);
    }
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
          'incomeLimitDollars',
          'requiredDocuments',
          'application',
          'enrollment',
          'source',
        ].sort(),
      );
    }
  });

  it('shows a limit published in dollars as those dollars, never as a percentage of the latest guideline (§15)', () => {
    const view = (id: string) => toProgramView(findProgram(id)!);
    expect(view('bms-patient-assistance-foundation')).toMatchObject({
      incomeLimitFplPercent: null,
      incomeLimitDollars: {
        byHouseholdSize: [
          { householdSize: 1, cents: 4_518_000 },
          { householdSize: 2, cents: 6_132_000 },
        ],
        perExtraPersonCents: null,
        fplPercent: 300,
        guidelineYear: 2024,
        statesNotCovered: [],
      },
    });
    // Merck's table is not for Alaska and Hawaii, whose residents call for their limit.
    expect(view('merck-patient-assistance-program')).toMatchObject({
      incomeLimitFplPercent: null,
      incomeLimitDollars: { fplPercent: 400, guidelineYear: 2024, statesNotCovered: ['AK', 'HI'] },
    });
    expect(view('abbvie-myabbvie-assist').incomeLimitDollars).toMatchObject({
      perExtraPersonCents: 3_228_000,
      fplPercent: 600,
      guidelineYear: 2024,
    });
    // AZ&Me's fixed dollars are no percentage of any guideline.
    expect(view('az-and-me').incomeLimitDollars).toMatchObject({ fplPercent: null, guidelineYear: null });
    expect(view('novo-nordisk-pap-ozempic')).toMatchObject({ incomeLimitFplPercent: 200, incomeLimitDollars: null });
  });

  it('puts proof of income first on every checklist and leaves the insurance card to insured patients', () => {
    for (const program of PAP_CATALOGUE) {
      const insured = programChecklist(program, ANY_PATIENT);
      const uninsured = programChecklist(program, { ...ANY_PATIENT, hasInsurance: false });
      expect(insured[0].kind).toBe('PROOF_OF_INCOME');
      expect(uninsured.map((i) => i.kind)).not.toContain('INSURANCE_CARD');
      expect(new Set(insured.map((i) => i.kind)).size).toBe(insured.length);
    }
  });

  describe('documents a program asks only of some patients', () => {
    const bms = findProgram('bms-patient-assistance-foundation')!;
    const kinds = (patient: Partial<typeof ANY_PATIENT>) =>
      programChecklist(bms, { ...ANY_PATIENT, ...patient }).map((i) => i.kind);

    it("asks BMS's Part D print-out only with a Medicare drug plan, and its Extra Help denial from 65 on", () => {
      expect(kinds({ drugCoverage: 'EMPLOYER', age: 58 })).toEqual([
        'PROOF_OF_INCOME',
        'PRESCRIBER_FORM',
        'PRESCRIPTION',
      ]);
      expect(kinds({ drugCoverage: 'MEDICARE_PART_D', age: 64 })).toEqual([
        'PROOF_OF_INCOME',
        'PROOF_OF_OUT_OF_POCKET_SPEND',
        'PRESCRIBER_FORM',
        'PRESCRIPTION',
      ]);
      expect(kinds({ drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS', age: 65 })).toContain('COVERAGE_DENIAL');
      expect(kinds({ drugCoverage: 'MEDICARE_WITHOUT_DRUGS', age: 70 })).not.toContain('PROOF_OF_OUT_OF_POCKET_SPEND');
      expect(kinds({ drugCoverage: 'NONE', age: 30, hasInsurance: false })).toEqual([
        'PROOF_OF_INCOME',
        'PRESCRIBER_FORM',
        'PRESCRIPTION',
      ]);
    });

    it('asks an item whose condition it cannot check: nothing is left out for want of a fact', () => {
      expect(kinds({})).toEqual(publishedDocuments(bms).map((i) => i.kind));
      expect(asksOf({ minAge: 65 }, { ...ANY_PATIENT, age: null })).toBe(true);
      expect(asksOf({ states: ['PR'] }, { ...ANY_PATIENT, state: 'PR' })).toBe(true);
      expect(asksOf({ states: ['PR'] }, { ...ANY_PATIENT, state: 'FL' })).toBe(false);
      expect(
        asksOf({ drugCoverage: ['MEDICAID'], minAge: 65 }, { ...ANY_PATIENT, drugCoverage: 'MEDICAID', age: 40 }),
      ).toBe(false);
    });

    it('restates the wording: each condition matches the label the program published', () => {
      for (const program of PAP_CATALOGUE) {
        for (const d of program.documents.filter((x) => x.only)) {
          if (d.only!.drugCoverage) expect(d.label).toMatch(/^Medicare Part D only:/);
          if (d.only!.minAge !== undefined) expect(d.label).toMatch(new RegExp(`^Age ${d.only!.minAge} and over:`));
          if (d.only!.states) expect(d.label).toMatch(/^Puerto Rico only:/);
        }
      }
    });

    it('counts age in whole years, the birthday included', () => {
      expect(ageOn('1961-12-05', new Date('2026-12-05T00:00:00Z'))).toBe(65);
      expect(ageOn('1961-12-06', new Date('2026-12-05T23:00:00Z'))).toBe(64);
      expect(ageOn('2000-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(26);
    });
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

  it('says why no program is set: several cover the medication and the navigator picks, or none covers it', () => {
    const names =
      'Lilly Cares Foundation Patient Assistance Program, Sanofi Patient Connection (Patient Assistance Connection)';
    const patient = { ...UNKNOWN_PATIENT, state: 'TX', facts: facts(1_500_000) };
    expect(entryEligibility(null, 'insulin glargine', patient)).toEqual({
      verdict: 'NO_PROGRAM',
      reasons: [REASONS_EN.severalPrograms(names)],
      fplPercent: null,
    });
    expect(entryEligibility(null, 'insulin glargine', patient).reasons[0]).toBe(
      `Several programs cover this medication: ${names}. Your care navigator picks the one to apply to.`,
    );
    expect(entryEligibility(null, 'insulin glargine', patient, 'es').reasons).toEqual([
      REASONS_ES.severalPrograms(names),
    ]);
    expect(entryEligibility(null, 'Notarealdrugzumab', patient, 'en', []).reasons).toEqual([
      ELIGIBILITY_MESSAGES.noProgram,
    ]);
    expect(entryEligibility(null, 'Notarealdrugzumab', patient, 'es', []).reasons).toEqual([
      ELIGIBILITY_MESSAGES_ES.noProgram,
    ]);
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
