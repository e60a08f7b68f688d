import { DRUG_COVERAGES, type DrugCoverage } from '@rxbridge/contracts';
import {
  FOUNDATION_CATALOGUE,
  PAP_CATALOGUE,
  copayCardFederalRefusal,
  entryRefusal,
  findCatalogueEntry,
  screenEligibility,
  screenRoutes,
  type CatalogueEntry,
  type CopayCardProgram,
  type FoundationFund,
  type FoundationProgram,
  type PapProgram,
  type Route,
  type RouteCatalogues,
  type RouteFacts,
} from '..';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './catalogue/not-yet-read';

// Small made-up catalogues, so the rules under test do not move when the reviewed catalogue changes.
const source = { url: 'https://example.org/page', checkedOn: '2026-11-20' };
const pap: PapProgram = {
  kind: 'PAP',
  id: 'test-pap',
  name: 'Test PAP',
  manufacturer: 'Test Pharma',
  medications: [{ brand: 'Testbrand', generic: 'testamine', area: 'CARDIOLOGY' }],
  website: 'https://example.org/pap',
  incomeLimitFplPercent: 400,
  incomeLimitNote: 'At or below 400% of FPL.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: true },
    medicaid: { allowed: false },
    commercial: { allowed: false },
  },
  residency: { usResidencyRequired: true, acceptedTerritories: [], description: 'US only.' },
  documents: [],
  application: APPLICATION_NOT_READ,
  enrollment: ENROLLMENT_NOT_READ,
  source,
  otherSources: [],
};
const card: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'test-card',
  name: 'Testbrand Savings Card',
  sponsor: 'Test Pharma',
  medications: pap.medications,
  website: 'https://example.org/card',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms: 'Commercially insured patients',
  payAsLittleAsCents: 1_000,
  yearlyCapCents: 300_000,
  termsEndOn: null,
  source,
  otherSources: [],
};
const fund = (id: string, overrides: Partial<FoundationFund> = {}): FoundationFund => ({
  id,
  name: `Fund ${id}`,
  areas: ['CARDIOLOGY'],
  medications: [],
  wholeArea: true,
  incomeLimitFplPercent: 500,
  status: 'OPEN',
  statusSeenOn: '2026-11-20',
  source,
  ...overrides,
});
const foundation = (funds: FoundationFund[]): FoundationProgram => ({
  kind: 'FOUNDATION',
  id: 'test-foundation',
  name: 'Test Foundation',
  sponsor: 'Test Foundation',
  website: 'https://example.org/foundation',
  funds,
  source,
  otherSources: [],
});
const catalogues = (funds: FoundationFund[] = [fund('open')]): RouteCatalogues => ({
  paps: [pap],
  copayCards: [card],
  foundations: [foundation(funds)],
});

const facts = (overrides: Partial<RouteFacts> = {}): RouteFacts => ({
  medication: 'Testbrand',
  householdSize: 1,
  annualIncomeCents: 2_000_000,
  state: 'OH',
  drugCoverage: 'NONE',
  extraHelp: null,
  outOfPocketCents: null,
  ...overrides,
});
const verdicts = (routes: Route[]) =>
  Object.fromEntries(routes.map((r) => [r.fund ? `FUND:${r.fund.id}` : r.kind, r.verdict]));

describe('screenRoutes: every coverage kind × route', () => {
  // $20,000 for one person in Ohio: 125.3% of the 2026 guideline, under every limit here.
  const L = 'LIKELY_ELIGIBLE';
  const R = 'NEEDS_REVIEW';
  const N = 'NOT_ELIGIBLE';
  const table: Record<DrugCoverage, Record<string, string>> = {
    NONE: { PAP: L, COPAY_CARD: N, 'FUND:open': R },
    EMPLOYER: { PAP: N, COPAY_CARD: L, 'FUND:open': L },
    MARKETPLACE: { PAP: N, COPAY_CARD: L, 'FUND:open': L },
    MEDICARE_PART_D: { PAP: L, COPAY_CARD: N, 'FUND:open': L, EXTRA_HELP: R, MEDICARE_PAYMENT_PLAN: L },
    MEDICARE_ADVANTAGE_WITH_DRUGS: { PAP: L, COPAY_CARD: N, 'FUND:open': L, EXTRA_HELP: R, MEDICARE_PAYMENT_PLAN: L },
    MEDICARE_WITHOUT_DRUGS: { PAP: L, COPAY_CARD: N, 'FUND:open': R, EXTRA_HELP: R },
    MEDICAID: { PAP: N, COPAY_CARD: N, 'FUND:open': L },
    VA_TRICARE: { PAP: R, COPAY_CARD: N, 'FUND:open': L },
    INDIAN_HEALTH_SERVICE: { PAP: R, COPAY_CARD: N, 'FUND:open': L },
    OTHER: { PAP: R, COPAY_CARD: N, 'FUND:open': L },
  };
  it.each(DRUG_COVERAGES.map((c) => [c]))('%s', (drugCoverage) => {
    expect(verdicts(screenRoutes(facts({ drugCoverage }), catalogues()))).toEqual(table[drugCoverage]);
  });

  it('orders routes best first: likely, then review, then not eligible', () => {
    const routes = screenRoutes(facts({ drugCoverage: 'MEDICARE_PART_D' }), catalogues());
    expect(routes.map((r) => r.kind)).toEqual([
      'PAP',
      'FOUNDATION',
      'MEDICARE_PAYMENT_PLAN',
      'EXTRA_HELP',
      'COPAY_CARD',
    ]);
    expect(routes[0]!.program).toEqual({ id: 'test-pap', name: 'Test PAP', sponsor: 'Test Pharma' });
    expect(routes.find((r) => r.kind === 'EXTRA_HELP')!.program).toBeNull();
  });
});

describe('copay cards', () => {
  it.each(['MEDICARE_PART_D', 'MEDICAID', 'VA_TRICARE', 'INDIAN_HEALTH_SERVICE'] as const)(
    'never with %s: the reason names the federal anti-kickback rule',
    (drugCoverage) => {
      const route = screenRoutes(facts({ drugCoverage }), catalogues()).find((r) => r.kind === 'COPAY_CARD')!;
      expect(route.verdict).toBe('NOT_ELIGIBLE');
      expect(route.reasons[0]).toMatch(/federal anti-kickback rule/);
    },
  );

  it('is refused by one rule, which the route and the navigator’s override read: every federal coverage, no other', () => {
    for (const drugCoverage of DRUG_COVERAGES) {
      const refusal = copayCardFederalRefusal(drugCoverage)?.() ?? null;
      const route = screenRoutes(facts({ drugCoverage }), catalogues()).find((r) => r.kind === 'COPAY_CARD')!;
      if (['EMPLOYER', 'MARKETPLACE', 'NONE', 'OTHER'].includes(drugCoverage)) expect(refusal).toBeNull();
      else expect(route).toMatchObject({ verdict: 'NOT_ELIGIBLE', reasons: [refusal, expect.any(String)] });
    }
    expect(copayCardFederalRefusal('MEDICARE_WITHOUT_DRUGS')?.()).toBe(
      "A maker's copay card cannot be used with Medicare without drug coverage: the federal anti-kickback rule " +
        'forbids it with Medicare, Medicaid, VA/TRICARE and the Indian Health Service.',
    );
    expect(copayCardFederalRefusal('MEDICARE_PART_D')?.('es')).toMatch(
      /^La tarjeta de copago de un fabricante no se puede usar con .+: la ley federal contra sobornos/,
    );
  });

  it('reads as Spanish for a patient without drug coverage (personas sin cobertura, not con sin)', () => {
    const route = screenRoutes(facts({ drugCoverage: 'NONE', language: 'es' }), catalogues()).find(
      (r) => r.kind === 'COPAY_CARD',
    )!;
    expect(route.reasons[0]).toMatch(/no es para personas sin cobertura de medicamentos\.$/);
    for (const drugCoverage of DRUG_COVERAGES)
      for (const r of screenRoutes(facts({ drugCoverage, language: 'es' }), catalogues()))
        for (const reason of r.reasons) expect(reason).not.toMatch(/con sin /);
  });

  it("states the card's amounts and only for a medication it covers", () => {
    const route = screenRoutes(facts({ drugCoverage: 'EMPLOYER' }), catalogues()).find((r) => r.kind === 'COPAY_CARD')!;
    expect(route.reasons[1]).toBe(
      'Card terms: Commercially insured patients (pay as little as $10.00 a fill, up to $3,000.00 a year)',
    );
    expect(route.website).toBe('https://example.org/card');
    const other = screenRoutes(facts({ drugCoverage: 'EMPLOYER', medication: 'Otherbrand' }), catalogues());
    expect(other).toEqual([]);
  });

  it('needs review once the terms read on its page have ended, from the day after their last one', () => {
    const ending: RouteCatalogues = { ...catalogues(), copayCards: [{ ...card, termsEndOn: '2025-12-31' }] };
    const on = (day: string, language?: 'es') =>
      screenRoutes(facts({ drugCoverage: 'EMPLOYER', today: new Date(`${day}T12:00:00Z`), language }), ending).find(
        (r) => r.kind === 'COPAY_CARD',
      )!;
    expect(on('2025-12-31').verdict).toBe('LIKELY_ELIGIBLE');
    expect(on('2025-12-31').reasons[0]).toBe('This card is for people with employer insurance.');
    expect(on('2026-01-01').verdict).toBe('NEEDS_REVIEW');
    expect(on('2026-01-01').reasons[0]).toBe(
      "This card is for people with employer insurance. The card's terms we could read ended on December 31, 2025, " +
        'and we found no newer ones: check with the maker that it still runs.',
    );
    expect(on('2026-01-01', 'es').reasons[0]).toMatch(
      /terminaron el 31 de diciembre de 2025 y no encontramos otras más recientes: confirme con el fabricante/,
    );
    // A federal plan is refused whatever the terms say.
    const federal = screenRoutes(facts({ drugCoverage: 'MEDICAID', today: new Date('2026-06-01') }), ending);
    expect(federal.find((r) => r.kind === 'COPAY_CARD')!.verdict).toBe('NOT_ELIGIBLE');
  });

  it('serves people without drug coverage only where its terms say so: the Lilly Insulin Value Program', () => {
    const humalog = (drugCoverage: DrugCoverage, language?: 'es') =>
      screenRoutes(facts({ medication: 'Humalog', drugCoverage, language })).find((r) => r.kind === 'COPAY_CARD')!;
    expect(humalog('NONE').verdict).toBe('LIKELY_ELIGIBLE');
    expect(humalog('NONE').reasons[0]).toBe('This card is for people with no drug coverage.');
    expect(humalog('NONE').reasons[1]).toMatch(/and the uninsured, may fill/);
    expect(humalog('NONE', 'es').reasons[0]).toBe('Esta tarjeta es para personas sin cobertura de medicamentos.');
    expect(humalog('MEDICARE_PART_D').verdict).toBe('NOT_ELIGIBLE');
    // A card whose terms are for commercial plans only is still not for the uninsured (the table above).
    const testCard = screenRoutes(facts({ drugCoverage: 'NONE' }), catalogues()).find((r) => r.kind === 'COPAY_CARD')!;
    expect(testCard.verdict).toBe('NOT_ELIGIBLE');
  });

  it('the catalogue: the Trulicity Savings Card, whose stored terms ended on 12/31/2025, needs review after it', () => {
    const trulicity = (today: Date) =>
      screenRoutes(facts({ medication: 'Trulicity', drugCoverage: 'EMPLOYER', today })).find(
        (r) => r.kind === 'COPAY_CARD',
      )!;
    expect(trulicity(new Date('2025-11-01')).verdict).toBe('LIKELY_ELIGIBLE');
    expect(trulicity(new Date('2026-12-06')).verdict).toBe('NEEDS_REVIEW');
  });
});

describe('foundation funds', () => {
  const funds = [
    fund('open'),
    fund('waitlist', { status: 'WAITLIST' }),
    fund('closed', { status: 'CLOSED', statusSeenOn: '2026-11-02' }),
    fund('named', { areas: ['ONCOLOGY'], medications: ['Testbrand'] }),
    fund('elsewhere', { areas: ['ONCOLOGY'] }),
    fund('tight', { incomeLimitFplPercent: 100 }),
    fund('unknown-limit', { incomeLimitFplPercent: null }),
  ];
  const routes = screenRoutes(facts({ drugCoverage: 'MEDICARE_PART_D' }), catalogues(funds));

  it('OPEN can be likely, WAITLIST needs review, CLOSED is not eligible; a fund naming the medication counts', () => {
    expect(verdicts(routes)).toMatchObject({
      'FUND:open': 'LIKELY_ELIGIBLE',
      'FUND:named': 'LIKELY_ELIGIBLE',
      'FUND:waitlist': 'NEEDS_REVIEW',
      'FUND:unknown-limit': 'NEEDS_REVIEW',
      'FUND:closed': 'NOT_ELIGIBLE',
      'FUND:tight': 'NOT_ELIGIBLE',
    });
    expect(verdicts(routes)).not.toHaveProperty('FUND:elsewhere');
  });

  it('says when a closed fund was last seen, and carries the fund', () => {
    const closed = routes.find((r) => r.fund?.id === 'closed')!;
    expect(closed.reasons[0]).toBe('The fund was closed when last seen on November 2, 2026.');
    expect(closed.fund).toEqual({ id: 'closed', name: 'Fund closed', status: 'CLOSED', statusSeenOn: '2026-11-02' });
    expect(closed.program).toEqual({ id: 'test-foundation', name: 'Test Foundation', sponsor: 'Test Foundation' });
  });

  it('asks for the diagnosis to be checked when a fund for one diagnosis of the area matched by the area alone', () => {
    const diagnosis = [
      fund('heart-failure', { name: 'Heart Failure', wholeArea: false }),
      fund('named-diagnosis', { name: 'Heart Failure', wholeArea: false, medications: ['Testbrand'] }),
    ];
    const found = screenRoutes(facts({ drugCoverage: 'EMPLOYER' }), catalogues(diagnosis));
    expect(verdicts(found)).toMatchObject({
      'FUND:heart-failure': 'NEEDS_REVIEW',
      'FUND:named-diagnosis': 'LIKELY_ELIGIBLE',
    });
    expect(found.find((r) => r.fund?.id === 'heart-failure')!.reasons).toContain(
      'This fund is for Heart Failure: check that this is the diagnosis your medication treats.',
    );
  });

  it('keeps a Medicare-only fund from everyone else', () => {
    const medicareOnly = [fund('medicare', { medicareOnly: true })];
    const onEmployer = screenRoutes(facts({ drugCoverage: 'EMPLOYER' }), catalogues(medicareOnly));
    expect(verdicts(onEmployer)['FUND:medicare']).toBe('NOT_ELIGIBLE');
    expect(onEmployer.find((r) => r.fund)!.reasons).toContain(
      'This fund is not for people with employer insurance: its page limits it to Medicare patients.',
    );
    const onPartD = screenRoutes(facts({ drugCoverage: 'MEDICARE_PART_D' }), catalogues(medicareOnly));
    expect(verdicts(onPartD)['FUND:medicare']).toBe('LIKELY_ELIGIBLE');
  });

  it('says the day in words, in the language asked', () => {
    const closed = [fund('closed', { status: 'CLOSED', statusSeenOn: '2026-11-02' })];
    const es = screenRoutes(facts({ drugCoverage: 'EMPLOYER', language: 'es' }), catalogues(closed));
    expect(es.find((r) => r.fund)!.reasons[0]).toBe(
      'El fondo estaba cerrado la última vez que lo revisamos, el 2 de noviembre de 2026.',
    );
  });

  it('names the income limit', () => {
    expect(routes.find((r) => r.fund?.id === 'tight')!.reasons[1]).toBe(
      "Household income is 125.3% of the 2026 poverty guideline; this fund's limit is 100% ($15,960.00 a year), and $20,000.00 is above it.",
    );
  });
});

describe("the navigator's program override: an entry whose recorded facts exclude the patient's coverage", () => {
  const refusedFor = (entry: CatalogueEntry, cats = catalogues()) =>
    DRUG_COVERAGES.filter((coverage) => entryRefusal(entry, 'Testbrand', coverage, cats));

  it('refuses by the rule its route reads, with the route’s own words, in any language', () => {
    // The made-up program does not accept Medicaid or commercial plans; the card is for employer and marketplace plans.
    expect(refusedFor(pap)).toEqual(['EMPLOYER', 'MARKETPLACE', 'MEDICAID']);
    expect(refusedFor(card)).toEqual(DRUG_COVERAGES.filter((c) => c !== 'EMPLOYER' && c !== 'MARKETPLACE'));
    for (const drugCoverage of DRUG_COVERAGES)
      for (const language of ['en', 'es'] as const) {
        const routes = screenRoutes(facts({ drugCoverage, language }), catalogues());
        const papRoute = routes.find((r) => r.kind === 'PAP')!;
        const cardRoute = routes.find((r) => r.kind === 'COPAY_CARD')!;
        const [papRefusal, cardRefusal] = [pap, card].map((e) => entryRefusal(e, 'Testbrand', drugCoverage));
        if (papRefusal) expect(papRoute.reasons).toContain(papRefusal(language));
        if (cardRefusal) expect(cardRoute.reasons[0]).toBe(cardRefusal(language));
        if (cardRoute.verdict === 'NOT_ELIGIBLE') expect(cardRefusal).not.toBeNull();
      }
    expect(entryRefusal(pap, 'Testbrand', 'EMPLOYER')?.()).toBe(
      'This program does not accept people with employer insurance.',
    );
    expect(entryRefusal(card, 'Testbrand', 'NONE')?.('es')).toBe(
      'Esta tarjeta reduce lo que queda por pagar con un plan del empleador o del Mercado de seguros; no es para personas sin cobertura de medicamentos.',
    );
  });

  it('refuses nothing on a fact not recorded, nor on a rule that names an exception the program reviews', () => {
    const unknown = {
      ...pap,
      insurance: { ...pap.insurance, medicaid: { allowed: null }, commercial: { allowed: true } },
    };
    expect(refusedFor(unknown)).toEqual([]);
    const exception = { allowed: false, condition: 'Exception: special circumstances of hardship can be submitted.' };
    expect(refusedFor({ ...pap, insurance: { ...pap.insurance, commercial: exception } })).toEqual(['MEDICAID']);
    // VA/TRICARE and Medicare without a drug plan: by the program's own rule where its page states one.
    const vaRule = { allowed: false, condition: 'No VA.', source };
    expect(refusedFor({ ...pap, insurance: { ...pap.insurance, vaTricare: vaRule } })).toContain('VA_TRICARE');
    expect(entryRefusal(pap, 'Testbrand', null)).toBeNull();
  });

  it('refuses a foundation whose funds serving the medication are all for Medicare patients, naming them', () => {
    const medicareOnly = fund('medicare', { name: 'Heart Failure - Medicare Access', medicareOnly: true });
    const only = foundation([medicareOnly, fund('elsewhere', { areas: ['ONCOLOGY'] })]);
    const cats = catalogues(only.funds as FoundationFund[]);
    expect(refusedFor(only, cats)).toEqual(
      DRUG_COVERAGES.filter(
        (c) => !['MEDICARE_PART_D', 'MEDICARE_ADVANTAGE_WITH_DRUGS', 'MEDICARE_WITHOUT_DRUGS'].includes(c),
      ),
    );
    expect(entryRefusal(only, 'Testbrand', 'EMPLOYER', cats)?.()).toBe(
      "Its fund Heart Failure - Medicare Access is not for people with employer insurance: the fund's page limits it to Medicare patients.",
    );
    expect(entryRefusal(only, 'Testbrand', 'MEDICAID', cats)?.('es')).toBe(
      'Su fondo Heart Failure - Medicare Access no es para personas con Medicaid: la página del fondo lo limita a pacientes de Medicare.',
    );
    // Another fund of it serving the medication is open to them.
    const both = foundation([medicareOnly, fund('open')]);
    expect(refusedFor(both, catalogues(both.funds as FoundationFund[]))).toEqual([]);
    // No fund serving the medication: refused only when every fund of it is for Medicare patients.
    const none = foundation([fund('onc', { areas: ['ONCOLOGY'], medicareOnly: true })]);
    expect(entryRefusal(none, 'Unlisted', 'EMPLOYER', catalogues(none.funds as FoundationFund[]))?.()).toMatch(
      /^Its fund Fund onc is not for people with employer insurance/,
    );
    const mixed = foundation([...none.funds, fund('derm', { areas: ['DERMATOLOGY'] })]);
    expect(entryRefusal(mixed, 'Unlisted', 'EMPLOYER', catalogues(mixed.funds as FoundationFund[]))).toBeNull();
  });

  it('the catalogue: HealthWell for leukemia only with Medicare; Merck’s hardship exception refuses nobody', () => {
    const healthwell = FOUNDATION_CATALOGUE.find((f) => f.id === 'healthwell-foundation')!;
    const oncology = PAP_CATALOGUE.flatMap((p) => p.medications).find((m) => m.area === 'ONCOLOGY')!.brand;
    expect(entryRefusal(healthwell, oncology, 'EMPLOYER')?.()).toMatch(/^Its fund Acute Myeloid Leukemia - Medicare/);
    expect(entryRefusal(healthwell, oncology, 'MEDICARE_PART_D')).toBeNull();
    expect(entryRefusal(healthwell, 'Januvia', 'EMPLOYER')).toBeNull();
    const merck = findCatalogueEntry('merck-patient-assistance-program')!;
    expect(DRUG_COVERAGES.filter((c) => entryRefusal(merck, 'Januvia', c))).toEqual([]);
    expect(entryRefusal(findCatalogueEntry('lilly-cares')!, 'Humalog', 'MEDICAID')?.()).toMatch(
      /^This program does not accept people with Medicaid\. Not while enrolled in Medicaid/,
    );
  });
});

describe('Extra Help', () => {
  const extraHelp = (overrides: Partial<RouteFacts>) =>
    screenRoutes(facts({ drugCoverage: 'MEDICARE_PART_D', ...overrides }), catalogues()).find(
      (r) => r.kind === 'EXTRA_HELP',
    );
  // 150% of the 2026 guideline for one person in the 48 states: $23,940.
  it.each([
    [2_394_000, 'NEEDS_REVIEW'],
    [2_394_001, 'NOT_ELIGIBLE'],
    [2_395_596, 'NOT_ELIGIBLE'], // 150.1%
  ])('income %i cents → %s', (annualIncomeCents, verdict) => {
    expect(extraHelp({ annualIncomeCents })!.verdict).toBe(verdict);
  });

  it('needs review because Social Security also checks resources', () => {
    expect(extraHelp({})!.reasons[1]).toMatch(/Social Security also checks savings/);
  });

  it('is not offered to a patient already receiving it, nor outside Medicare, nor in the territories', () => {
    expect(extraHelp({ extraHelp: true })).toBeUndefined();
    expect(extraHelp({ drugCoverage: 'EMPLOYER' })).toBeUndefined();
    expect(extraHelp({ state: 'PR' })!.verdict).toBe('NOT_ELIGIBLE');
  });
});

describe('Medicare Prescription Payment Plan', () => {
  it('is for every Medicare drug plan, and mentions the spend given', () => {
    const plan = screenRoutes(
      facts({
        drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS',
        annualIncomeCents: 90_000_000,
        outOfPocketCents: 150_000,
      }),
      catalogues(),
    ).find((r) => r.kind === 'MEDICARE_PAYMENT_PLAN')!;
    expect(plan.verdict).toBe('LIKELY_ELIGIBLE');
    expect(plan.reasons[1]).toMatch(/\$1,500\.00 out of pocket/);
  });
});

describe('limits published in dollars', () => {
  const dollars: PapProgram = {
    ...pap,
    incomeLimitFplPercent: 300,
    incomeLimitDollars: {
      byHouseholdSize: [
        { householdSize: 1, cents: 4_518_000 },
        { householdSize: 2, cents: 6_132_000 },
      ],
      perExtraPersonCents: null,
      guidelineYear: 2024,
      statesNotCovered: [],
    },
  };
  const screen = (program: PapProgram, householdSize: number, annualIncomeCents: number, state = 'OH') =>
    screenEligibility(program, { householdSize, annualIncomeCents, state, insuranceType: 'None' });

  it.each([
    [1, 4_518_000, 'LIKELY_ELIGIBLE'],
    [1, 4_518_001, 'NOT_ELIGIBLE'],
    [2, 6_132_000, 'LIKELY_ELIGIBLE'],
    [3, 100_000, 'NEEDS_REVIEW'],
  ])('household %i, %i cents → %s (the dollars, not 300%% of a newer guideline)', (size, cents, verdict) => {
    expect(screen(dollars, size, cents).verdict).toBe(verdict);
  });

  it('names the dollars', () => {
    expect(screen(dollars, 1, 4_518_001).reasons[1]).toBe(
      "This program's limit for 1 person is published in dollars: $45,180.00 a year, and $45,180.01 is above it.",
    );
  });

  it("needs review in a state the page's table leaves out, at any income; the other states keep the dollars", () => {
    const leavesOut = { ...dollars, incomeLimitDollars: { ...dollars.incomeLimitDollars!, statesNotCovered: ['AK'] } };
    for (const cents of [0, 4_518_000, 4_518_001, 90_000_000]) {
      const result = screen(leavesOut, 1, cents, 'AK');
      expect(result.verdict).toBe('NEEDS_REVIEW');
      expect(result.reasons[1]).toMatch(/^This program's income limits in dollars are not for AK: .* by phone/);
    }
    // Its own guideline share is still reported: Alaska's table (docs/product.md §15).
    expect(screen(leavesOut, 1, 1_995_000, 'AK').fplPercent).toBe(100);
    expect(screen(leavesOut, 1, 4_518_001, 'HI').verdict).toBe('NOT_ELIGIBLE');
    expect(screen(leavesOut, 1, 4_518_001, 'OH').verdict).toBe('NOT_ELIGIBLE');
  });

  it('adds the published amount per further person', () => {
    const abbvie = PAP_CATALOGUE.find((p) => p.id === 'abbvie-myabbvie-assist')!;
    expect(screen(abbvie, 5, 21_948_000).verdict).not.toBe('NOT_ELIGIBLE');
    expect(screen(abbvie, 5, 21_948_001).verdict).toBe('NOT_ELIGIBLE');
  });
});

describe('the old insurance type (an unanswered record, or a check body without drugCoverage)', () => {
  it('screens the maker program as before while the other routes read the plan kind it stands for', () => {
    const routes = screenRoutes(
      facts({ drugCoverage: 'OTHER', papInsuranceType: 'Health Share Program' }),
      catalogues(),
    );
    const papRoute = routes.find((r) => r.kind === 'PAP')!;
    expect(papRoute.verdict).toBe('NEEDS_REVIEW');
    expect(papRoute.reasons[2]).toMatch(/health share program is not insurance/);
  });

  it('Medicare without a drug plan is screened by the uninsured rule, and says so', () => {
    const papRoute = screenRoutes(facts({ drugCoverage: 'MEDICARE_WITHOUT_DRUGS' }), catalogues()).find(
      (r) => r.kind === 'PAP',
    )!;
    expect(papRoute.reasons[2]).toBe(
      'Medicare without a drug plan counts as no drug coverage. This program accepts people without drug coverage.',
    );
  });
});
