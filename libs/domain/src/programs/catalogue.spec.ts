// Schema test over the whole reviewed catalogue: programs, copay cards and foundations (docs/product.md §15). The zod
// schemas live here, not in the library, so the domain library keeps no runtime dependency.
import { DRUG_COVERAGES } from '@rxbridge/contracts';
import { z } from 'zod';
import {
  COPAY_CARD_CATALOGUE,
  FOUNDATION_CATALOGUE,
  FUND_STATUSES,
  PAP_CATALOGUE,
  PRESCRIBER_FIELDS,
  PROGRAM_DOCUMENT_KINDS,
  SHIP_TO_CHOICES,
  THERAPEUTIC_AREAS,
  US_TERRITORIES,
  findProgram,
  matchPrograms,
  type PapProgram,
} from '..';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(d)), 'a real date');
const httpUrl = z.url({ protocol: /^https?$/ });
const rule = z.strictObject({ allowed: z.boolean().nullable(), condition: z.string().min(10).optional() });
const name = z
  .string()
  .trim()
  .min(2)
  .refine((s) => !/[®™]/.test(s), 'no ® or ™ in names');

const kebabId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case');
const medication = z.strictObject({ brand: name, generic: name, area: z.enum(THERAPEUTIC_AREAS) });
const source = z.strictObject({ url: httpUrl, checkedOn: isoDate });
const sourcedRule = rule.extend({ source });
const otherSources = z.array(z.strictObject({ url: httpUrl, checkedOn: isoDate, usedFor: z.string().min(5) }));
/** The day the catalogue was last reviewed; no page can have been read later. */
const REVIEWED_ON = '2026-11-27';

const programSchema = z.strictObject({
  kind: z.literal('PAP'),
  id: kebabId,
  name: z.string().min(3),
  manufacturer: z.string().min(2),
  medications: z.array(medication).min(1),
  website: httpUrl.nullable(),
  incomeLimitFplPercent: z.number().int().min(100).max(1000).nullable(),
  incomeLimitNote: z.string().min(10),
  incomeLimitDollars: z
    .strictObject({
      byHouseholdSize: z
        .array(z.strictObject({ householdSize: z.number().int().min(1), cents: z.number().int().positive() }))
        .min(1),
      perExtraPersonCents: z.number().int().positive().nullable(),
      guidelineYear: z.number().int().min(2000).max(2100).nullable(),
      statesNotCovered: z.array(z.string().regex(/^[A-Z]{2}$/)),
    })
    .nullable()
    .optional(),
  insurance: z.strictObject({
    uninsured: rule,
    medicarePartD: rule,
    medicaid: rule,
    commercial: rule,
    medicareWithoutDrugs: sourcedRule.optional(),
    vaTricare: sourcedRule.optional(),
  }),
  residency: z.strictObject({
    usResidencyRequired: z.boolean().nullable(),
    acceptedTerritories: z.array(z.enum(US_TERRITORIES)).nullable(),
    description: z.string().min(10),
  }),
  documents: z.array(
    z.strictObject({
      kind: z.enum(PROGRAM_DOCUMENT_KINDS),
      label: z.string().min(5),
      only: z
        .strictObject({
          drugCoverage: z.array(z.enum(DRUG_COVERAGES)).min(1).optional(),
          minAge: z.number().int().min(1).optional(),
          states: z.array(z.string().length(2)).min(1).optional(),
        })
        .optional(),
    }),
  ),
  application: z.strictObject({
    patientSignature: z.boolean().nullable(),
    hipaaAuthorization: z.boolean().nullable(),
    eSignatureAccepted: z.boolean().nullable(),
    prescriberFields: z.array(z.enum(PRESCRIBER_FIELDS)),
    shipTo: z.array(z.enum(SHIP_TO_CHOICES)),
    submitTo: z.strictObject({
      fax: z
        .string()
        .regex(/^\+1\d{10}$/, 'E.164')
        .nullable(),
      mail: z.string().min(10).nullable(),
      portalUrl: httpUrl.nullable(),
    }),
  }),
  enrollment: z.strictObject({
    months: z.number().int().min(1).max(36).nullable(),
    endsDecember31: z.boolean().nullable(),
  }),
  source,
  otherSources,
});

const allMedications = PAP_CATALOGUE.flatMap((p) => p.medications);

describe('PAP catalogue', () => {
  it.each(PAP_CATALOGUE.map((p) => [p.id, p] as const))('%s matches the schema', (_id, program) => {
    const parsed = programSchema.safeParse(program);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('has unique program ids', () => {
    const ids = PAP_CATALOGUE.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('records a source url and a checked-on date, not in the future, for every program and supporting page', () => {
    for (const program of PAP_CATALOGUE) {
      for (const source of [program.source, ...program.otherSources]) {
        expect(source.url).toMatch(/^https?:\/\//);
        expect(source.checkedOn <= REVIEWED_ON).toBe(true);
      }
    }
  });

  it("reads a rule for Medicare without drugs or VA/TRICARE on one of the entry's own pages (§15)", () => {
    const stated = PAP_CATALOGUE.flatMap((p) =>
      [p.insurance.medicareWithoutDrugs, p.insurance.vaTricare].map((rule) => ({ p, rule })),
    ).filter(({ rule }) => rule);
    expect(stated.length).toBeGreaterThanOrEqual(4);
    for (const { p, rule } of stated) {
      const pages = [p.source, ...p.otherSources].map((s) => `${s.url} ${s.checkedOn}`);
      expect(pages).toContain(`${rule!.source.url} ${rule!.source.checkedOn}`);
    }
  });

  it("dates a dollar limit's guideline only as its note does: exactly that percentage of that year's (§15)", () => {
    for (const p of PAP_CATALOGUE) {
      const year = p.incomeLimitDollars?.guidelineYear;
      if (year) expect(p.incomeLimitNote).toContain(`exactly ${p.incomeLimitFplPercent}% of the ${year} HHS guideline`);
    }
  });

  it('leaves a state out of a dollar table only where its page says so: Merck, Alaska and Hawaii by phone (§15)', () => {
    const leftOut = PAP_CATALOGUE.filter((p) => p.incomeLimitDollars?.statesNotCovered.length).map((p) => [
      p.id,
      p.incomeLimitDollars!.statesNotCovered,
    ]);
    expect(leftOut).toEqual([['merck-patient-assistance-program', ['AK', 'HI']]]);
    expect(findProgram('merck-patient-assistance-program')!.incomeLimitNote).toContain(
      'Alaska and Hawaii limits by phone',
    );
  });

  it('lists at least 25 programs and 40 medications from at least 20 manufacturers', () => {
    expect(PAP_CATALOGUE.length).toBeGreaterThanOrEqual(25);
    expect(allMedications.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PAP_CATALOGUE.map((p) => p.manufacturer)).size).toBeGreaterThanOrEqual(20);
  });

  it.each(['pfizer-rxpathways', 'genentech-patient-foundation'])('includes %s', (id) => {
    expect(PAP_CATALOGUE.some((p) => p.id === id)).toBe(true);
  });

  it('lists no medicine that has left the market or the program', () => {
    expect(allMedications.some((m) => m.brand === 'Levemir')).toBe(false);
  });

  it('does not list one brand under one manufacturer twice', () => {
    const keys = PAP_CATALOGUE.flatMap((p) => p.medications.map((m) => `${p.manufacturer}|${m.brand.toLowerCase()}`));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(['Ozempic', 'Eliquis', 'Humira', 'Trelegy Ellipta'])('includes %s', (brand) => {
    expect(allMedications.some((m) => m.brand === brand)).toBe(true);
    expect(matchPrograms(brand, PAP_CATALOGUE).outcome).toBe('MATCHED');
  });

  it.each([...THERAPEUTIC_AREAS])('represents the %s area', (area) => {
    expect(allMedications.some((m) => m.area === area)).toBe(true);
  });

  it('gives at least 8 programs a fax number for their packet, each in E.164 and named by a recorded page', () => {
    const withFax = PAP_CATALOGUE.filter((p) => p.application.submitTo.fax !== null);
    expect(withFax.length).toBeGreaterThanOrEqual(8);
    for (const program of withFax) {
      expect(program.application.submitTo.fax).toMatch(/^\+1\d{10}$/);
      // docs/product.md §15: every requirement fact names the page it was read on.
      expect(program.otherSources.some((source) => /\bfax\b/i.test(source.usedFor))).toBe(true);
    }
  });

  it('gives every income limit a note, and a territory list when U.S. residency is not required', () => {
    const programs: readonly PapProgram[] = PAP_CATALOGUE;
    for (const program of programs) {
      expect(program.incomeLimitNote.length).toBeGreaterThan(10);
      if (program.residency.usResidencyRequired === false) {
        expect(program.residency.acceptedTerritories).not.toBeNull();
      }
    }
  });
});

const copayCardSchema = z.strictObject({
  kind: z.literal('COPAY_CARD'),
  id: kebabId,
  name: z.string().min(3),
  sponsor: z.string().min(2),
  medications: z.array(medication).min(1),
  website: httpUrl.nullable(),
  eligibleCoverage: z.array(z.enum(DRUG_COVERAGES)).min(1),
  terms: z.string().min(20),
  payAsLittleAsCents: z.number().int().min(0).nullable(),
  yearlyCapCents: z.number().int().positive().nullable(),
  termsEndOn: isoDate.nullable(),
  source,
  otherSources,
});

const foundationSchema = z.strictObject({
  kind: z.literal('FOUNDATION'),
  id: kebabId,
  name: z.string().min(3),
  sponsor: z.string().min(2),
  website: httpUrl.nullable(),
  funds: z.array(
    z.strictObject({
      id: kebabId,
      name: z.string().min(3),
      areas: z.array(z.enum(THERAPEUTIC_AREAS)).min(1),
      medications: z.array(name),
      wholeArea: z.boolean(),
      medicareOnly: z.literal(true).optional(),
      incomeLimitFplPercent: z.number().int().min(100).max(1000).nullable(),
      status: z.enum(FUND_STATUSES),
      statusSeenOn: isoDate,
      source,
    }),
  ),
  source,
  otherSources,
});

/** Federal coverage may never use a maker's copay card (the anti-kickback rule, docs/product.md §15). */
const FEDERAL_COVERAGES = DRUG_COVERAGES.filter((c) => !['NONE', 'EMPLOYER', 'MARKETPLACE', 'OTHER'].includes(c));
const allFunds = FOUNDATION_CATALOGUE.flatMap((f) => f.funds);

describe('copay cards and foundations', () => {
  it.each(COPAY_CARD_CATALOGUE.map((c) => [c.id, c] as const))('copay card %s matches the schema', (_id, card) => {
    expect(copayCardSchema.safeParse(card).error?.issues ?? []).toEqual([]);
  });

  it.each(FOUNDATION_CATALOGUE.map((f) => [f.id, f] as const))(
    'foundation %s matches the schema',
    (_id, foundation) => {
      expect(foundationSchema.safeParse(foundation).error?.issues ?? []).toEqual([]);
    },
  );

  it('has at least 10 copay cards and 5 foundations, with funds in several areas', () => {
    expect(COPAY_CARD_CATALOGUE.length).toBeGreaterThanOrEqual(10);
    expect(FOUNDATION_CATALOGUE.length).toBeGreaterThanOrEqual(5);
    expect(new Set(allFunds.flatMap((f) => f.areas)).size).toBeGreaterThanOrEqual(4);
    expect(allFunds.some((f) => f.status === 'OPEN')).toBe(true);
  });

  it('uses each id once across every kind, and each fund id once within its foundation', () => {
    const ids = [...PAP_CATALOGUE, ...COPAY_CARD_CATALOGUE, ...FOUNDATION_CATALOGUE].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const foundation of FOUNDATION_CATALOGUE) {
      const fundIds = foundation.funds.map((f) => f.id);
      expect(new Set(fundIds).size).toBe(fundIds.length);
    }
  });

  it('never offers a copay card to federal coverage', () => {
    expect(FEDERAL_COVERAGES).toEqual(expect.arrayContaining(['MEDICARE_PART_D', 'MEDICAID', 'VA_TRICARE']));
    for (const card of COPAY_CARD_CATALOGUE) {
      expect(card.eligibleCoverage.filter((c) => FEDERAL_COVERAGES.includes(c))).toEqual([]);
    }
  });

  it('gives a copay-card medicine the same generic name and area as the programs do', () => {
    for (const m of COPAY_CARD_CATALOGUE.flatMap((c) => c.medications)) {
      for (const same of allMedications.filter((p) => p.brand === m.brand)) {
        expect({ brand: m.brand, generic: same.generic, area: same.area }).toEqual(m);
      }
    }
  });

  it('names in a fund only medicines of its areas that the catalogue knows', () => {
    const known = [...allMedications, ...COPAY_CARD_CATALOGUE.flatMap((c) => c.medications)];
    for (const fund of allFunds) {
      for (const brand of fund.medications) {
        const medicine = known.find((m) => m.brand === brand);
        expect(medicine && fund.areas.includes(medicine.area)).toBe(true);
      }
    }
  });

  it('records every source, and every fund status, no later than the review day', () => {
    for (const entry of [...COPAY_CARD_CATALOGUE, ...FOUNDATION_CATALOGUE]) {
      for (const page of [entry.source, ...entry.otherSources]) expect(page.checkedOn <= REVIEWED_ON).toBe(true);
    }
    for (const fund of allFunds) expect(fund.statusSeenOn <= REVIEWED_ON).toBe(true);
  });
});
