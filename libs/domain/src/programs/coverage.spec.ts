import { DRUG_COVERAGES, INSURANCE_PROVIDERS, INSURANCE_TYPES, type InsuranceType } from '@rxbridge/contracts';
import {
  PAP_CATALOGUE,
  applicationEligibility,
  cardOfCurrentPlan,
  changesInsurancePlan,
  isMedicareCoverage,
  patientCoverage,
  screeningInsuranceTypeOf,
  type InsuranceCoverageRecord,
} from '..';

const record = (over: Partial<InsuranceCoverageRecord> = {}): InsuranceCoverageRecord => ({
  provider: 'Aetna',
  coverageType: 'Commercial Insurance',
  drugCoverage: null,
  extraHelp: null,
  outOfPocketCentsThisYear: null,
  ...over,
});

describe('patientCoverage', () => {
  it('reads no record as no coverage, answered', () => {
    expect(patientCoverage(null)).toEqual({
      drugCoverage: 'NONE',
      extraHelp: null,
      outOfPocketCents: null,
      answered: true,
    });
    expect(screeningInsuranceTypeOf(null)).toBe('None');
  });

  const implied: Record<InsuranceType, string> = {
    Medicare: 'MEDICARE_PART_D',
    Medicaid: 'MEDICAID',
    Employer: 'EMPLOYER',
    'Market Place': 'MARKETPLACE',
    'Commercial Insurance': 'EMPLOYER',
    'Health Share Program': 'OTHER',
    Other: 'OTHER',
  };
  it.each(INSURANCE_TYPES.map((t) => [t, implied[t]]))(
    'keeps the meaning of an unanswered %s record (%s, not answered) and its old screening type',
    (coverageType, drugCoverage) => {
      const r = record({ provider: 'Other', coverageType, extraHelp: true, outOfPocketCentsThisYear: 12_345 });
      expect(patientCoverage(r)).toEqual({ drugCoverage, extraHelp: true, outOfPocketCents: 12_345, answered: false });
      expect(screeningInsuranceTypeOf(r)).toBe(coverageType);
    },
  );

  it('reads an unanswered Tricare record as VA/TRICARE, screened as before (Other)', () => {
    const r = record({ provider: 'Tricare', coverageType: 'Other' });
    expect(patientCoverage(r)).toMatchObject({ drugCoverage: 'VA_TRICARE', answered: false });
    expect(screeningInsuranceTypeOf(r)).toBe('Other');
  });

  it('every provider of the list reads as one coverage when unanswered', () => {
    for (const p of INSURANCE_PROVIDERS) {
      const r = record({ provider: p.name, coverageType: p.coverageType });
      expect(DRUG_COVERAGES).toContain(patientCoverage(r).drugCoverage);
    }
  });

  it.each(INSURANCE_TYPES.flatMap((t) => DRUG_COVERAGES.map((c) => [t, c] as const)))(
    'an answer decides, whatever the old type (%s answered %s)',
    (coverageType, drugCoverage) => {
      const r = record({ coverageType, drugCoverage, extraHelp: false, outOfPocketCentsThisYear: 0 });
      expect(patientCoverage(r)).toEqual({ drugCoverage, extraHelp: false, outOfPocketCents: 0, answered: true });
    },
  );

  it('screens answered kinds with the matching programs rule', () => {
    const type = (drugCoverage: InsuranceCoverageRecord['drugCoverage']) =>
      screeningInsuranceTypeOf(record({ drugCoverage }));
    expect(type('NONE')).toBe('None');
    expect(type('EMPLOYER')).toBe('Employer');
    expect(type('MARKETPLACE')).toBe('Market Place');
    expect(type('MEDICARE_PART_D')).toBe('Medicare');
    expect(type('MEDICARE_ADVANTAGE_WITH_DRUGS')).toBe('Medicare');
    expect(type('MEDICAID')).toBe('Medicaid');
    for (const other of ['MEDICARE_WITHOUT_DRUGS', 'VA_TRICARE', 'INDIAN_HEALTH_SERVICE', 'OTHER'] as const) {
      expect(type(other)).toBe('Other');
    }
  });

  it('knows the Medicare kinds', () => {
    expect(DRUG_COVERAGES.filter(isMedicareCoverage)).toEqual([
      'MEDICARE_PART_D',
      'MEDICARE_ADVANTAGE_WITH_DRUGS',
      'MEDICARE_WITHOUT_DRUGS',
    ]);
    expect(isMedicareCoverage(null)).toBe(false);
  });

  it('a Humana plan answered Part D is screened with the Medicare Part D rule', () => {
    const program = PAP_CATALOGUE.find((p) => p.insurance.medicarePartD.allowed !== p.insurance.commercial.allowed)!;
    const patient = (drugCoverage: InsuranceCoverageRecord['drugCoverage']) => {
      const r = record({ provider: 'Humana', drugCoverage });
      return {
        facts: { householdSize: 1, annualIncomeCents: 1_000_000 },
        state: 'IL',
        insuranceType: screeningInsuranceTypeOf(r),
        ...patientCoverage(r),
      };
    };
    const reasons = (drugCoverage: InsuranceCoverageRecord['drugCoverage']) =>
      applicationEligibility(program, patient(drugCoverage), 'none').reasons.join(' ');
    expect(reasons('MEDICARE_PART_D')).toMatch(/Medicare Part D/);
    expect(reasons(null)).toMatch(/commercial insurance/);
  });
});

describe('changesInsurancePlan (docs/product.md §18: the card a renewal takes over)', () => {
  const plan = { ...record({ provider: 'Humana', coverageType: 'Medicare' }), policyNumber: 'H123', groupNumber: null };
  it('is another carrier, member or group number, or another kind of plan', () => {
    expect(changesInsurancePlan(plan, { ...plan, provider: 'Aetna' })).toBe(true);
    expect(changesInsurancePlan(plan, { ...plan, policyNumber: 'H999' })).toBe(true);
    expect(changesInsurancePlan(plan, { ...plan, groupNumber: 'G1' })).toBe(true);
    expect(changesInsurancePlan(plan, { ...plan, drugCoverage: 'MEDICARE_WITHOUT_DRUGS' })).toBe(true);
    const answered = { ...plan, drugCoverage: 'MEDICARE_PART_D' as const };
    expect(changesInsurancePlan(answered, { ...answered, drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS' })).toBe(true);
  });

  it('is not a first answer saying what the record meant, nor Extra Help or this year’s spend', () => {
    // An unanswered Medicare record read as a Part D plan already.
    expect(changesInsurancePlan(plan, { ...plan, drugCoverage: 'MEDICARE_PART_D' })).toBe(false);
    expect(changesInsurancePlan(plan, { ...plan, extraHelp: true, outOfPocketCentsThisYear: 120_000 })).toBe(false);
    expect(changesInsurancePlan(plan, { ...plan })).toBe(false);
  });

  it('is a plan where there was none, and none left; the older record left current is compared as it is', () => {
    // The newest deleted: the older record the patient keeps is their plan now (docs/product.md §6.3).
    const older = { ...plan, provider: 'Aetna', policyNumber: 'A1', drugCoverage: 'EMPLOYER' as const };
    expect(changesInsurancePlan(plan, older)).toBe(true);
    expect(changesInsurancePlan(plan, null)).toBe(true);
    expect(changesInsurancePlan(null, plan)).toBe(true);
    expect(changesInsurancePlan(null, null)).toBe(false);
    // The same plan recorded twice: deleting the newest leaves the patient on the plan their card shows.
    expect(changesInsurancePlan(plan, { ...plan, extraHelp: false })).toBe(false);
  });
});

describe('cardOfCurrentPlan (docs/product.md §6.3: the card a renewal takes over, and an application keeps)', () => {
  const since = new Date('2026-06-01T15:00:00Z');
  it('is a card received after the patient’s plan was added or last became their plan', () => {
    expect(cardOfCurrentPlan(new Date('2026-06-02T09:00:00Z'), since)).toBe(true);
    expect(cardOfCurrentPlan(new Date('2026-05-20T09:00:00Z'), since)).toBe(false);
    // Received the same moment is not after: asked again rather than a card of the plan before kept.
    expect(cardOfCurrentPlan(since, since)).toBe(false);
    expect(cardOfCurrentPlan(null, since)).toBe(false);
  });

  it('is no card without a plan', () => {
    expect(cardOfCurrentPlan(new Date('2026-06-02T09:00:00Z'), null)).toBe(false);
  });
});
