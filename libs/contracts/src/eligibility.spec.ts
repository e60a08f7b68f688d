import { ELIGIBILITY_MESSAGES, eligibilityCheckSchema, eligibilityFactsSchema } from './eligibility';
import { COVERAGE_MESSAGES } from './coverage';
import { ROUTE_MESSAGES } from './routes';

const good = {
  medication: ' Ozempic ',
  householdSize: 1,
  annualIncomeCents: 1_500_000,
  state: 'tx',
  insuranceType: 'None',
};

function failures(body: unknown): Record<string, string> {
  const result = eligibilityCheckSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('eligibilityCheckSchema', () => {
  it('accepts a household and normalises medication and state', () => {
    expect(eligibilityCheckSchema.parse(good)).toEqual({ ...good, medication: 'Ozempic', state: 'TX' });
    expect(eligibilityCheckSchema.parse({ ...good, state: 'DC' }).state).toBe('DC');
    expect(eligibilityCheckSchema.parse({ ...good, state: 'PR', insuranceType: 'Medicare' }).state).toBe('PR');
  });

  it.each([
    ['medication', { medication: 'oz\u0000empic' }, ELIGIBILITY_MESSAGES.medicationInvalid],
    ['medication', { medication: '   ' }, ELIGIBILITY_MESSAGES.medicationRequired],
    ['medication', { medication: 12 }, ELIGIBILITY_MESSAGES.medicationRequired],
    ['householdSize', { householdSize: '1' }, ELIGIBILITY_MESSAGES.householdSize],
    ['householdSize', { householdSize: [1] }, ELIGIBILITY_MESSAGES.householdSize],
    ['householdSize', { householdSize: 0 }, ELIGIBILITY_MESSAGES.householdSize],
    ['householdSize', { householdSize: 21 }, ELIGIBILITY_MESSAGES.householdSize],
    ['householdSize', { householdSize: 1.5 }, ELIGIBILITY_MESSAGES.householdSize],
    ['annualIncomeCents', { annualIncomeCents: -1 }, ELIGIBILITY_MESSAGES.annualIncome],
    ['annualIncomeCents', { annualIncomeCents: '100' }, ELIGIBILITY_MESSAGES.annualIncome],
    ['annualIncomeCents', { annualIncomeCents: 10.5 }, ELIGIBILITY_MESSAGES.annualIncome],
    ['state', { state: 'ZZ' }, ELIGIBILITY_MESSAGES.state],
    ['state', { state: ['TX'] }, ELIGIBILITY_MESSAGES.state],
    ['insuranceType', { insuranceType: 'none' }, ELIGIBILITY_MESSAGES.insuranceType],
  ])('refuses a bad %s', (field, change, message) => {
    expect(failures({ ...good, ...change })).toEqual({ [field]: message });
  });

  it('names every missing field', () => {
    expect(Object.keys(failures({})).sort()).toEqual(
      ['annualIncomeCents', 'householdSize', 'drugCoverage', 'medication', 'state'].sort(),
    );
  });

  it('takes drugCoverage instead of, or beside, insuranceType, with extraHelp and outOfPocketCents', () => {
    const { insuranceType: _old, ...withoutType } = good;
    const parsed = eligibilityCheckSchema.parse({
      ...withoutType,
      drugCoverage: 'MEDICARE_PART_D',
      extraHelp: null,
      outOfPocketCents: 0,
    });
    expect(parsed).toMatchObject({ drugCoverage: 'MEDICARE_PART_D', extraHelp: null, outOfPocketCents: 0 });
    expect(parsed.insuranceType).toBeUndefined();
    expect(failures({ ...good, drugCoverage: 'EMPLOYER' })).toEqual({});
    expect(failures(withoutType)).toEqual({ drugCoverage: ROUTE_MESSAGES.coverageRequired });
    expect(failures({ ...good, drugCoverage: 'Gold' })).toEqual({ drugCoverage: COVERAGE_MESSAGES.drugCoverage });
    expect(failures({ ...good, extraHelp: 'yes' })).toEqual({ extraHelp: COVERAGE_MESSAGES.extraHelp });
    expect(failures({ ...good, outOfPocketCents: 1.5 })).toEqual({ outOfPocketCents: COVERAGE_MESSAGES.outOfPocket });
  });
});

describe('eligibilityFactsSchema', () => {
  it('takes only the household facts', () => {
    expect(eligibilityFactsSchema.parse({ householdSize: 3, annualIncomeCents: 0, extra: 1 })).toEqual({
      householdSize: 3,
      annualIncomeCents: 0,
    });
  });
});
