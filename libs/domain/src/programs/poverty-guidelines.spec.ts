import {
  LATEST_POVERTY_GUIDELINE_YEAR,
  POVERTY_GUIDELINES,
  fplLimitCents,
  fplPercent,
  isIncomeWithinFplLimit,
  povertyGuidelineCents,
  povertyGuidelineRegion,
} from '..';

// 2026 figures copied by hand from ASPE's poverty guidelines page, independently of the data module.
const contiguous2026 = [15_960, 21_640, 27_320, 33_000, 38_680, 44_360, 50_040, 55_720];
const alaska2026 = [19_950, 27_050, 34_150, 41_250, 48_350, 55_450, 62_550, 69_650];
const hawaii2026 = [18_360, 24_890, 31_420, 37_950, 44_480, 51_010, 57_540, 64_070];

const rows = (state: string, dollars: number[]) => dollars.map((d, i) => [state, i + 1, d * 100] as const);

describe('povertyGuidelineCents (2026)', () => {
  it.each([
    ...rows('OH', contiguous2026),
    ...rows('DC', contiguous2026),
    ...rows('CA', contiguous2026),
    ...rows('AK', alaska2026),
    ...rows('HI', hawaii2026),
  ])('%s, household of %i: %i cents', (state, size, cents) => {
    expect(povertyGuidelineCents(size, state, 2026)).toBe(cents);
  });

  it.each([
    ['TX', 9, 6_140_000],
    ['TX', 10, 6_708_000],
    ['AK', 9, 7_675_000],
    ['HI', 10, 7_713_000],
  ] as const)('%s, household of %i beyond the table: %i cents', (state, size, cents) => {
    expect(povertyGuidelineCents(size, state, 2026)).toBe(cents);
  });

  it('reads state codes case-insensitively and trims them', () => {
    expect(povertyGuidelineCents(1, ' ak ', 2026)).toBe(1_995_000);
    expect(povertyGuidelineCents(1, 'hi', 2026)).toBe(1_836_000);
  });

  it('uses the contiguous table for the territories', () => {
    expect(povertyGuidelineRegion('PR')).toBe('CONTIGUOUS');
    expect(povertyGuidelineCents(2, 'GU', 2026)).toBe(2_164_000);
  });

  it('keeps each published table linear (the per-person step matches the published increment)', () => {
    for (const { tables } of Object.values(POVERTY_GUIDELINES)) {
      for (const table of Object.values(tables)) {
        const steps = table.dollarsByHouseholdSize.slice(1).map((d, i) => d - table.dollarsByHouseholdSize[i]);
        expect(new Set(steps)).toEqual(new Set([table.dollarsPerAdditionalPerson]));
      }
    }
  });

  it('defaults to 2026 as the latest year and records its source', () => {
    expect(LATEST_POVERTY_GUIDELINE_YEAR).toBe(2026);
    expect(POVERTY_GUIDELINES[2026].source.url).toMatch(/^https:\/\/aspe\.hhs\.gov\//);
  });

  it.each([0, -1, 1.5, 31, Number.NaN])('rejects household size %p', (size) => {
    expect(() => povertyGuidelineCents(size, 'OH', 2026)).toThrow(/Household size/);
  });

  it.each([2019, 2025, 2027])('rejects the unrecorded year %i', (year) => {
    expect(() => povertyGuidelineCents(1, 'OH', year)).toThrow(/No HHS poverty guidelines are recorded/);
  });

  it.each(['ZZ', 'ON', '', 'Ohio'])('rejects %p as a state', (state) => {
    expect(() => povertyGuidelineCents(1, state, 2026)).toThrow(RangeError);
  });
});

describe('fplPercent', () => {
  it.each([
    [3_300_000, 4, 'OH', 100],
    [3_300_001, 4, 'OH', 100],
    [3_299_999, 4, 'OH', 99.9],
    [1_650_000, 4, 'DC', 50],
    [1_970_000, 1, 'NY', 123.4],
    [16_896_000, 4, 'OH', 512],
    [0, 3, 'FL', 0],
    [4_125_000, 4, 'AK', 100],
    [3_300_000, 4, 'AK', 80],
    [3_795_000, 4, 'HI', 100],
    [3_300_000, 4, 'HI', 86.9],
  ] as const)('%i cents for %i in %s is %p%', (income, size, state, percent) => {
    expect(fplPercent(income, size, state, 2026)).toBe(percent);
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER])('rejects income %p', (income) => {
    expect(() => fplPercent(income, 1, 'OH', 2026)).toThrow(/Annual income/);
  });

  it('rejects an unknown year and a bad household size', () => {
    expect(() => fplPercent(100, 1, 'OH', 2024)).toThrow(/2024/);
    expect(() => fplPercent(100, 0, 'OH', 2026)).toThrow(/Household size/);
  });
});

describe('isIncomeWithinFplLimit and fplLimitCents', () => {
  it.each([
    ['OH', 4, 400, 13_200_000],
    ['AK', 4, 400, 16_500_000],
    ['HI', 4, 400, 15_180_000],
    ['OH', 1, 200, 3_192_000],
    ['AK', 8, 250, 17_412_500],
  ] as const)('%s, %i people, %i%%: limit is %i cents, inclusive', (state, size, limit, cents) => {
    expect(fplLimitCents(size, state, 2026, limit)).toBe(cents);
    expect(isIncomeWithinFplLimit(cents, size, state, 2026, limit)).toBe(true);
    expect(isIncomeWithinFplLimit(cents + 1, size, state, 2026, limit)).toBe(false);
  });
});
