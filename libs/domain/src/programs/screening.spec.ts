import { INSURANCE_TYPES } from '@rxbridge/contracts';
import {
  PAP_CATALOGUE,
  bestMatches,
  matchPrograms,
  povertyGuidelineCents,
  screenEligibility,
  type PapProgram,
  type ScreeningFacts,
  type ScreeningInsuranceType,
} from '..';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './catalogue/not-yet-read';
import { REASONS_EN } from './reasons';

// A made-up program so the rules under test do not move when the reviewed catalogue is updated.
function program(overrides: Partial<PapProgram> = {}): PapProgram {
  return {
    kind: 'PAP',
    id: 'test-program',
    name: 'Test Program',
    manufacturer: 'Test Pharma',
    medications: [{ brand: 'Testbrand', generic: 'testamine', area: 'DIABETES' }],
    website: null,
    incomeLimitFplPercent: 400,
    incomeLimitNote: 'At or below 400% of FPL.',
    insurance: {
      uninsured: { allowed: true },
      medicarePartD: { allowed: true },
      medicaid: { allowed: true },
      commercial: { allowed: true },
    },
    residency: { usResidencyRequired: true, acceptedTerritories: ['PR'], description: 'US or Puerto Rico.' },
    documents: [],
    application: APPLICATION_NOT_READ,
    enrollment: ENROLLMENT_NOT_READ,
    source: { url: 'https://example.org', checkedOn: '2026-11-23' },
    otherSources: [],
    ...overrides,
  };
}

const facts = (overrides: Partial<ScreeningFacts> = {}): ScreeningFacts => ({
  householdSize: 4,
  annualIncomeCents: 5_000_000,
  state: 'OH',
  insuranceType: 'None',
  ...overrides,
});

describe('screenEligibility: income', () => {
  it.each([
    // 400% of the 2026 guideline for 4: $132,000 (48 states and DC), $165,000 (AK), $151,800 (HI).
    ['OH', 13_200_000, 'LIKELY_ELIGIBLE'],
    ['OH', 13_200_001, 'NOT_ELIGIBLE'],
    ['DC', 13_200_000, 'LIKELY_ELIGIBLE'],
    ['DC', 13_200_001, 'NOT_ELIGIBLE'],
    ['AK', 16_500_000, 'LIKELY_ELIGIBLE'],
    ['AK', 16_500_001, 'NOT_ELIGIBLE'],
    ['HI', 15_180_000, 'LIKELY_ELIGIBLE'],
    ['HI', 15_180_001, 'NOT_ELIGIBLE'],
    ['PR', 13_200_000, 'LIKELY_ELIGIBLE'],
    ['AK', 13_200_001, 'LIKELY_ELIGIBLE'],
  ] as const)('%s, household of 4, %i cents: %s', (state, income, verdict) => {
    expect(screenEligibility(program(), facts({ state, annualIncomeCents: income })).verdict).toBe(verdict);
  });

  // Households of 1 to 8 in each guideline region: exactly 400% is within the limit, one cent more is not.
  // (The guideline amounts themselves are pinned in poverty-guidelines.spec.ts.)
  it.each(['OH', 'AK', 'HI'].flatMap((state) => [1, 2, 3, 4, 5, 6, 7, 8].map((size) => [state, size] as const)))(
    '%s, household of %i: at exactly the limit, then one cent over',
    (state, householdSize) => {
      const limit = 4 * povertyGuidelineCents(householdSize, state, 2026);
      const at = screenEligibility(program(), facts({ state, householdSize, annualIncomeCents: limit }));
      expect(at).toMatchObject({ verdict: 'LIKELY_ELIGIBLE', fplPercent: 400 });
      const over = screenEligibility(program(), facts({ state, householdSize, annualIncomeCents: limit + 1 }));
      expect(over.verdict).toBe('NOT_ELIGIBLE');
    },
  );

  it('explains an income over the limit in words', () => {
    const result = screenEligibility(program(), facts({ annualIncomeCents: 16_896_000 }));
    expect(result.verdict).toBe('NOT_ELIGIBLE');
    expect(result.fplPercent).toBe(512);
    expect(result.reasons).toContain(
      "Household income is 512% of the 2026 poverty guideline for 4 people in OH; this program's limit is 400% " +
        '($132,000.00 a year), and $168,960.00 is above it.',
    );
  });

  it('reports exactly-at-the-limit income as within it', () => {
    const result = screenEligibility(program(), facts({ annualIncomeCents: 13_200_000 }));
    expect(result.fplPercent).toBe(400);
    expect(result.reasons.join(' ')).toMatch(/limit is 400% \(\$132,000\.00 a year\), so income is within it/);
  });

  it('needs review when the program publishes no limit, and still reports the percentage', () => {
    const result = screenEligibility(
      program({ incomeLimitFplPercent: null, incomeLimitNote: 'No figure published.' }),
      facts({ householdSize: 1, annualIncomeCents: 1_596_000 }),
    );
    expect(result.verdict).toBe('NEEDS_REVIEW');
    expect(result.fplPercent).toBe(100);
    expect(result.reasons.join(' ')).toMatch(/publishes no income limit we could verify \(No figure published\.\)/);
  });

  it('uses the latest recorded year by default and rejects unknown years and bad facts', () => {
    expect(screenEligibility(program(), facts({ year: 2026 }))).toEqual(screenEligibility(program(), facts()));
    expect(() => screenEligibility(program(), facts({ year: 2025 }))).toThrow(/No HHS poverty guidelines/);
    expect(() => screenEligibility(program(), facts({ householdSize: 0 }))).toThrow(/Household size/);
    expect(() => screenEligibility(program(), facts({ annualIncomeCents: -5 }))).toThrow(/Annual income/);
    expect(() => screenEligibility(program(), facts({ state: 'ON', householdSize: 0 }))).toThrow(/Household size/);
  });
});

describe('screenEligibility: insurance', () => {
  const rules = (allowed: boolean | null, condition?: string) => ({ allowed, ...(condition ? { condition } : {}) });
  const only = (key: keyof PapProgram['insurance'], allowed: boolean | null, condition?: string) =>
    program({
      insurance: {
        uninsured: rules(true),
        medicarePartD: rules(true),
        medicaid: rules(true),
        commercial: rules(true),
        [key]: rules(allowed, condition),
      },
    });

  const mapping: [ScreeningInsuranceType, keyof PapProgram['insurance']][] = [
    ['None', 'uninsured'],
    ['Medicare', 'medicarePartD'],
    ['Medicaid', 'medicaid'],
    ['Employer', 'commercial'],
    ['Market Place', 'commercial'],
    ['Commercial Insurance', 'commercial'],
  ];

  it.each(mapping)('%s follows the %s rule', (insuranceType, key) => {
    expect(screenEligibility(only(key, true), facts({ insuranceType })).verdict).toBe('LIKELY_ELIGIBLE');
    expect(screenEligibility(only(key, false), facts({ insuranceType })).verdict).toBe('NOT_ELIGIBLE');
    expect(screenEligibility(only(key, null), facts({ insuranceType })).verdict).toBe('NEEDS_REVIEW');
    const conditional = screenEligibility(only(key, true, 'Spent 3% of income this year.'), facts({ insuranceType }));
    expect(conditional.verdict).toBe('NEEDS_REVIEW');
    expect(conditional.reasons.join(' ')).toMatch(/Spent 3% of income this year\./);
  });

  it.each(['Health Share Program', 'Other'] as const)('%s always needs review', (insuranceType) => {
    expect(screenEligibility(program(), facts({ insuranceType })).verdict).toBe('NEEDS_REVIEW');
  });

  it('covers every intake insurance type', () => {
    const handled = new Set<string>([...mapping.map(([t]) => t), 'Health Share Program', 'Other']);
    for (const type of INSURANCE_TYPES) expect(handled.has(type)).toBe(true);
  });

  it('gives NOT_ELIGIBLE priority over NEEDS_REVIEW', () => {
    const result = screenEligibility(
      only('medicarePartD', false, 'No Part D.'),
      facts({ insuranceType: 'Medicare', state: 'PR' }),
    );
    expect(result.verdict).toBe('NOT_ELIGIBLE');
  });
});

describe('screenEligibility: Medicare without a drug plan, VA or TRICARE (docs/product.md §15)', () => {
  const source = { url: 'https://example.org/medicare', checkedOn: '2026-11-27' };
  const withRules = (rules: Partial<PapProgram['insurance']>) =>
    program({ insurance: { ...program().insurance, uninsured: { allowed: true }, ...rules } });
  const medicareOnly = facts({ drugCoverage: 'MEDICARE_WITHOUT_DRUGS' });

  it('is screened as no drug coverage when the program states no rule for it', () => {
    expect(screenEligibility(withRules({}), medicareOnly).reasons[2]).toBe(
      'Medicare without a drug plan counts as no drug coverage. This program accepts people without drug coverage.',
    );
  });

  it("follows the program's own rule when its page states one", () => {
    const refused = withRules({ medicareWithoutDrugs: { allowed: false, condition: 'Not with Medicare.', source } });
    expect(screenEligibility(refused, medicareOnly)).toMatchObject({
      verdict: 'NOT_ELIGIBLE',
      reasons: [
        expect.any(String),
        expect.any(String),
        'This program does not accept people with Medicare without drug coverage. Not with Medicare.',
      ],
    });
    const conditional = withRules({ medicareWithoutDrugs: { allowed: true, condition: 'On hardship.', source } });
    const result = screenEligibility(conditional, { ...medicareOnly, language: 'es' });
    expect(result.verdict).toBe('NEEDS_REVIEW');
    expect(result.reasons[2]).toBe(
      'Este programa acepta a personas con Medicare sin cobertura de medicamentos solo con una condición que hay ' +
        'que verificar: On hardship.',
    );
    const unknown = withRules({ medicareWithoutDrugs: { allowed: null, source } });
    expect(screenEligibility(unknown, medicareOnly).verdict).toBe('NEEDS_REVIEW');
  });

  it("VA or TRICARE follows the program's rule when it states one, and needs review otherwise", () => {
    const va = facts({ drugCoverage: 'VA_TRICARE' });
    expect(screenEligibility(withRules({}), va).verdict).toBe('NEEDS_REVIEW');
    const refused = withRules({ vaTricare: { allowed: false, condition: 'VA excluded.', source } });
    expect(screenEligibility(refused, va)).toMatchObject({ verdict: 'NOT_ELIGIBLE' });
    expect(screenEligibility(refused, va).reasons[2]).toBe(
      'This program does not accept people with VA or TRICARE coverage. VA excluded.',
    );
  });
});

describe('screenEligibility: residency', () => {
  it.each([
    // [state, usResidencyRequired, acceptedTerritories, verdict]
    ['TX', true, ['PR'], 'LIKELY_ELIGIBLE'],
    ['dc', true, [], 'LIKELY_ELIGIBLE'],
    ['PR', true, ['PR'], 'LIKELY_ELIGIBLE'],
    ['GU', true, ['PR'], 'NOT_ELIGIBLE'],
    ['GU', true, null, 'NEEDS_REVIEW'],
    ['GU', null, ['PR'], 'NEEDS_REVIEW'],
    ['ON', true, ['PR'], 'NOT_ELIGIBLE'],
    ['ON', null, null, 'NEEDS_REVIEW'],
    ['XX', false, [], 'NEEDS_REVIEW'],
  ] as const)('%s with usResidencyRequired=%p and territories %p: %s', (state, required, territories, verdict) => {
    const p = program({
      residency: { usResidencyRequired: required, acceptedTerritories: territories, description: 'Rule.' },
    });
    expect(screenEligibility(p, facts({ state })).verdict).toBe(verdict);
  });

  it('reports no percentage outside the U.S.', () => {
    const result = screenEligibility(program(), facts({ state: 'ON' }));
    expect(result.fplPercent).toBeNull();
    expect(result.reasons[0]).toMatch(/requires U\.S\. residency/);
  });
});

describe('screenEligibility with the reviewed catalogue', () => {
  const byId = (id: string) => {
    const found = PAP_CATALOGUE.find((p) => p.id === id);
    if (!found) throw new Error(id);
    return found;
  };

  it('Ozempic: uninsured at 200% is likely eligible, one cent over is not, Medicare Part D is not', () => {
    const ozempic = byId('novo-nordisk-pap-ozempic');
    // 200% of $15,960 = $31,920.
    expect(screenEligibility(ozempic, facts({ householdSize: 1, annualIncomeCents: 3_192_000 })).verdict).toBe(
      'LIKELY_ELIGIBLE',
    );
    expect(screenEligibility(ozempic, facts({ householdSize: 1, annualIncomeCents: 3_192_001 })).verdict).toBe(
      'NOT_ELIGIBLE',
    );
    expect(screenEligibility(ozempic, facts({ householdSize: 1, insuranceType: 'Medicare' })).verdict).toBe(
      'NOT_ELIGIBLE',
    );
  });

  it("Humira in Hawaii: AbbVie's published dollars decide; employer insurance needs review", () => {
    const abbvie = byId('abbvie-myabbvie-assist');
    // AbbVie publishes $122,640 for 2 people (docs/product.md §15), not 600% of a newer (or Hawaii's) guideline.
    const atLimit = facts({ state: 'HI', householdSize: 2, annualIncomeCents: 12_264_000 });
    expect(screenEligibility(abbvie, atLimit).verdict).toBe('LIKELY_ELIGIBLE');
    expect(screenEligibility(abbvie, { ...atLimit, annualIncomeCents: 12_264_001 }).verdict).toBe('NOT_ELIGIBLE');
    expect(screenEligibility(abbvie, { ...atLimit, insuranceType: 'Employer' }).verdict).toBe('NEEDS_REVIEW');
  });

  it.each(['AK', 'HI', 'ak'])(
    'Januvia in %s: Merck gives the limit there by phone, so its 48-state dollars do not decide (§15)',
    (state) => {
      const merck = byId('merck-patient-assistance-program');
      // $65,000 for one person: above Merck's $60,240, which its page gives for the other states only.
      const household = facts({ state, householdSize: 1, annualIncomeCents: 6_500_000, drugCoverage: 'NONE' });
      const en = screenEligibility(merck, household);
      expect(en.verdict).toBe('NEEDS_REVIEW');
      const code = state.toUpperCase();
      expect(en.reasons[1]).toBe(REASONS_EN.dollarsNotInState(code, merck.incomeLimitNote));
      expect(en.reasons[1]).not.toMatch(/\$60,240\.00 a year/);
      const es = screenEligibility(merck, { ...household, language: 'es' });
      expect(es.verdict).toBe('NEEDS_REVIEW');
      expect(es.reasons[1]).toMatch(
        new RegExp(`^Los límites de ingresos en dólares de este programa no son para ${code}`),
      );
      expect(es.reasons[1]).toContain('por teléfono');
      // Any other state keeps the published dollars.
      expect(screenEligibility(merck, { ...household, state: 'WA' }).verdict).toBe('NOT_ELIGIBLE');
    },
  );

  // $20,000 for one person in California: each program's income limit is met, so the coverage rule decides.
  it.each([
    ['coherus-patient-assistance-program', 'MEDICARE_WITHOUT_DRUGS', 'NEEDS_REVIEW', /Traditional Medicare fee/],
    ['lilly-cares-oncology', 'MEDICARE_WITHOUT_DRUGS', 'NEEDS_REVIEW', /Part B patients qualify only without/],
    ['celltrion-connect-pap', 'MEDICARE_WITHOUT_DRUGS', 'NOT_ELIGIBLE', /including Medicare Parts A and B/],
    ['coherus-patient-assistance-program', 'VA_TRICARE', 'NOT_ELIGIBLE', /excludes VA, DoD and TRICARE coverage/],
    ['celltrion-connect-pap', 'VA_TRICARE', 'NOT_ELIGIBLE', /Any government coverage excludes the patient/],
    ['lilly-cares', 'VA_TRICARE', 'NEEDS_REVIEW', /Not while enrolled in VA benefits; nothing is said of TRICARE/],
    ['lilly-cares-oncology', 'VA_TRICARE', 'NEEDS_REVIEW', /Not while enrolled in VA benefits/],
    ['viiv-healthcare-pap', 'MEDICARE_WITHOUT_DRUGS', 'NEEDS_REVIEW', /Part B patients must have spent \$600/],
  ] as const)('%s with %s: %s, as its page says', (id, drugCoverage, verdict, reason) => {
    const household = facts({ householdSize: 1, annualIncomeCents: 2_000_000, state: 'CA', drugCoverage });
    const result = screenEligibility(byId(id), household);
    expect(result.verdict).toBe(verdict);
    expect(result.reasons[2]).toMatch(reason);
    expect(screenEligibility(byId(id), { ...household, language: 'es' }).reasons[2]).not.toMatch(reason);
  });

  it('a program with no verified limit needs review', () => {
    expect(screenEligibility(byId('novo-nordisk-pap'), facts()).verdict).toBe('NEEDS_REVIEW');
  });
});

describe('matchPrograms', () => {
  const ids = (medication: string) => {
    const result = matchPrograms(medication, PAP_CATALOGUE);
    return result.matches.map((m) => `${m.program.id}:${m.medication.brand}:${m.kind}`);
  };

  it.each([
    ['Ozempic', 'novo-nordisk-pap-ozempic:Ozempic:EXACT'],
    ['  OZEMPIC ', 'novo-nordisk-pap-ozempic:Ozempic:EXACT'],
    ['Ozempic® 1 mg pen', 'novo-nordisk-pap-ozempic:Ozempic:CONTAINS_NAME'],
    ['eliquis', 'bms-patient-assistance-foundation:Eliquis:EXACT'],
    ['Apixaban 5 mg tablets', 'bms-patient-assistance-foundation:Eliquis:CONTAINS_NAME'],
    ['Humira Pen', 'abbvie-myabbvie-assist:Humira:CONTAINS_NAME'],
    ['trelegy ellipta', 'gsk-patient-assistance-program:Trelegy Ellipta:EXACT'],
    ['Trelegy', 'gsk-patient-assistance-program:Trelegy Ellipta:NAME_PREFIX'],
    ['Trelegy Ellipta 100/62.5/25 mcg', 'gsk-patient-assistance-program:Trelegy Ellipta:CONTAINS_NAME'],
    ['Biktarvy', 'gilead-advancing-access-pap:Biktarvy:EXACT'],
    ['descovy for PrEP', 'gilead-advancing-access-map:Descovy:CONTAINS_NAME'],
  ])('%p matches %s', (query, expected) => {
    expect(ids(query)).toEqual([expected]);
  });

  it('returns every program offering a generic, exact names first', () => {
    expect(ids('insulin aspart')).toEqual([
      'novo-nordisk-pap:Fiasp:EXACT',
      'novo-nordisk-pap:NovoLog:EXACT',
      'novo-nordisk-pap:NovoLog Mix 70/30:NAME_PREFIX',
    ]);
    expect(ids('insulin glargine')).toEqual([
      'lilly-cares:Basaglar:EXACT',
      'sanofi-patient-connection:Lantus:EXACT',
      'sanofi-patient-connection:Toujeo:EXACT',
    ]);
  });

  it('keeps only the best kind among the best matches', () => {
    const best = (query: string) =>
      bestMatches(matchPrograms(query, PAP_CATALOGUE)).map((m) => `${m.program.id}:${m.medication.brand}`);
    expect(best('insulin aspart')).toEqual(['novo-nordisk-pap:Fiasp', 'novo-nordisk-pap:NovoLog']);
    expect(best('insulin glargine')).toEqual([
      'lilly-cares:Basaglar',
      'sanofi-patient-connection:Lantus',
      'sanofi-patient-connection:Toujeo',
    ]);
    expect(best('insulin')).toHaveLength(11);
    expect(best('Zoloft')).toEqual([]);
  });

  it.each(['Zoloft', '', '   ', 'Ozempicx', 'zempic', 'Ellipta Trelegy'])('%p gives NO_PROGRAM', (query) => {
    expect(matchPrograms(query, PAP_CATALOGUE)).toEqual({ outcome: 'NO_PROGRAM', matches: [] });
  });
});
