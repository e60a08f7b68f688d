import { PLAN_TIERS, type PlanTier } from '@rxbridge/contracts';
import { calculateCostQuote, calculatePricing, billingIntervalOf, PLANS } from './pricing';

// Expected totals written straight from docs/product.md §3 Plans and pricing, independently of the implementation.
function expectedTotal(tier: PlanTier, count: number): number {
  if (count === 0) return 0;
  if (tier === 'ONGOING_CARE') return 4900 + 3000 * Math.max(0, count - 2);
  if (tier === 'ENROLLMENT_ONLY') return 10900 + 3000 * (count - 1);
  return 0;
}

const counts = Array.from({ length: 13 }, (_, i) => i);
const table = PLAN_TIERS.flatMap((tier) => counts.map((count) => [tier, count, expectedTotal(tier, count)] as const));

describe('calculatePricing', () => {
  it.each(table)('%s with %i prescriptions costs %i cents', (tier, count, total) => {
    const pricing = calculatePricing(tier, count);
    expect(pricing.totalAmount).toBe(total);
    expect(pricing.dueToday).toBe(0);
    expect(pricing.tier).toBe(tier);
    expect(pricing.prescriptionCount).toBe(count);
    expect(pricing.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(total);
    expect(Number.isInteger(pricing.totalAmount)).toBe(true);
  });

  it('spot-checks the figures quoted in the brief', () => {
    expect(calculatePricing('ONGOING_CARE', 3).totalAmount).toBe(7900);
    expect(calculatePricing('ONGOING_CARE', 4).totalAmount).toBe(10900);
    expect(calculatePricing('ENROLLMENT_ONLY', 1).totalAmount).toBe(10900);
    expect(calculatePricing('ENROLLMENT_ONLY', 2).totalAmount).toBe(13900);
  });

  it('bills each tier on its own interval', () => {
    expect(calculatePricing('ONGOING_CARE', 1).interval).toBe('month');
    expect(calculatePricing('ENROLLMENT_ONLY', 1).interval).toBe('one_time');
    expect(calculatePricing('DIY_INSTRUCTIONS', 1).interval).toBe('none');
    expect(billingIntervalOf('ONGOING_CARE')).toBe('month');
  });

  it('writes the Ongoing Care breakdown for four prescriptions', () => {
    expect(calculatePricing('ONGOING_CARE', 4).summary).toEqual({
      bundle: 'First 2 prescriptions: $49.00/mo',
      additional: '2 additional prescriptions × $30.00 = $60.00/mo',
      free: 'Second prescription fee waived (save $30.00)',
      total: 'Total: $109.00/mo',
    });
  });

  it('writes readable texts for zero, one and three prescriptions', () => {
    expect(calculatePricing('ONGOING_CARE', 0).summary).toEqual({
      bundle: 'No prescriptions added yet: $0.00/mo',
      additional: 'No additional prescriptions',
      free: 'Nothing due today: you pay only after approval, when your first shipment is scheduled',
      total: 'Total: $0.00/mo',
    });
    expect(calculatePricing('ONGOING_CARE', 1).summary).toEqual({
      bundle: 'First prescription: $49.00/mo',
      additional: 'No additional prescriptions',
      free: 'Add a second prescription at no extra cost (save $30.00)',
      total: 'Total: $49.00/mo',
    });
    expect(calculatePricing('ONGOING_CARE', 3).summary.additional).toBe(
      '1 additional prescription × $30.00 = $30.00/mo',
    );
  });

  it('writes the Enrollment Only breakdown as one-time amounts', () => {
    expect(calculatePricing('ENROLLMENT_ONLY', 3).summary).toEqual({
      bundle: 'First prescription: $109.00 one-time',
      additional: '2 additional prescriptions × $30.00 = $60.00 one-time',
      free: 'Nothing due today: you pay only after approval, when your first shipment is scheduled',
      total: 'Total: $169.00 one-time',
    });
  });

  it('writes the DIY breakdown as free', () => {
    expect(calculatePricing('DIY_INSTRUCTIONS', 2).summary).toEqual({
      bundle: 'DIY Toolkit for 2 prescriptions: free',
      additional: 'No fees for additional prescriptions',
      free: 'The DIY Toolkit is free for every prescription',
      total: 'Total: $0.00',
    });
    expect(calculatePricing('DIY_INSTRUCTIONS', 2).lines).toEqual([]);
  });

  it('writes every text in Spanish for a Spanish reader, with the same amounts', () => {
    expect(calculatePricing('ONGOING_CARE', 4, 'es').summary).toEqual({
      bundle: 'Primeras 2 recetas: $49.00 al mes',
      additional: '2 recetas adicionales × $30.00 = $60.00 al mes',
      free: 'Sin cargo por la segunda receta (ahorra $30.00)',
      total: 'Total: $109.00 al mes',
    });
    expect(calculatePricing('ONGOING_CARE', 0, 'es').summary).toEqual({
      bundle: 'Aún no ha agregado recetas: $0.00 al mes',
      additional: 'Sin recetas adicionales',
      free: 'Hoy no paga nada: paga solo después de la aprobación, cuando se programe su primer envío',
      total: 'Total: $0.00 al mes',
    });
    expect(calculatePricing('ONGOING_CARE', 1, 'es').summary.free).toBe(
      'Agregue una segunda receta sin costo adicional (ahorra $30.00)',
    );
    expect(calculatePricing('ENROLLMENT_ONLY', 2, 'es').summary).toEqual({
      bundle: 'Primera receta: $109.00 una sola vez',
      additional: '1 receta adicional × $30.00 = $30.00 una sola vez',
      free: 'Hoy no paga nada: paga solo después de la aprobación, cuando se programe su primer envío',
      total: 'Total: $139.00 una sola vez',
    });
    expect(calculatePricing('DIY_INSTRUCTIONS', 1, 'es').summary).toEqual({
      bundle: 'DIY Toolkit para 1 receta: gratis',
      additional: 'Sin cargos por recetas adicionales',
      free: 'El DIY Toolkit es gratis para todas las recetas',
      total: 'Total: $0.00',
    });
    for (const tier of ['ONGOING_CARE', 'ENROLLMENT_ONLY', 'DIY_INSTRUCTIONS'] as const) {
      const { summary: _en, lines: enLines, ...en } = calculatePricing(tier, 3);
      const { summary: _es, lines: esLines, ...es } = calculatePricing(tier, 3, 'es');
      expect(es).toEqual(en);
      expect(esLines.map(({ description: _, ...amounts }) => amounts)).toEqual(
        enLines.map(({ description: _, ...amounts }) => amounts),
      );
    }
  });

  it('itemises the lines', () => {
    expect(calculatePricing('ONGOING_CARE', 5).lines).toEqual([
      { kind: 'bundle', description: 'First 2 prescriptions: $49.00/mo', quantity: 2, unitAmount: 4900, amount: 4900 },
      {
        kind: 'additional',
        description: '3 additional prescriptions × $30.00 = $90.00/mo',
        quantity: 3,
        unitAmount: 3000,
        amount: 9000,
      },
    ]);
    expect(calculatePricing('ONGOING_CARE', 0).lines).toEqual([]);
  });

  it.each([-1, 1.5, 101, Number.NaN])('refuses a prescription count of %p', (count) => {
    expect(() => calculatePricing('ONGOING_CARE', count)).toThrow(RangeError);
    expect(() => calculatePricing('ONGOING_CARE', count)).toThrow(
      /Prescription count must be a whole number from 0 to 100/,
    );
  });

  it('accepts the limit of 100', () => {
    expect(calculatePricing('ONGOING_CARE', 100).totalAmount).toBe(4900 + 98 * 3000);
  });

  it('refuses an unknown tier', () => {
    expect(() => calculatePricing('GOLD' as PlanTier, 1)).toThrow('Unknown plan tier "GOLD".');
  });
});

describe('calculateCostQuote', () => {
  it('quotes Ongoing Care by default', () => {
    expect(calculateCostQuote(4)).toEqual({
      tier: 'ONGOING_CARE',
      prescriptionCount: 4,
      totalMonthlyAmount: 10900,
      dueToday: 0,
      interval: 'month',
      summary: { total: 'Total: $109.00/mo' },
      firstTwoPrescriptions: { description: 'First 2 prescriptions: $49.00/mo', amount: 4900 },
      additionalPrescriptions: {
        description: '2 additional prescriptions × $30.00 = $60.00/mo',
        count: 2,
        amount: 6000,
      },
    });
  });

  it.each(table)('agrees with calculatePricing for %s x %i', (tier, count, total) => {
    const quote = calculateCostQuote(count, tier);
    expect(quote.totalMonthlyAmount).toBe(total);
    expect(quote.firstTwoPrescriptions.amount + quote.additionalPrescriptions.amount).toBe(total);
    expect(quote.dueToday).toBe(0);
  });

  it('words a quote for a Spanish reader', () => {
    const quote = calculateCostQuote(3, 'ONGOING_CARE', 'es');
    expect(quote.summary.total).toBe('Total: $79.00 al mes');
    expect(quote.firstTwoPrescriptions.description).toBe('Primeras 2 recetas: $49.00 al mes');
    expect(quote.additionalPrescriptions.description).toBe('1 receta adicional × $30.00 = $30.00 al mes');
    expect(quote.totalMonthlyAmount).toBe(calculateCostQuote(3).totalMonthlyAmount);
  });

  it('quotes nothing for no prescriptions', () => {
    const quote = calculateCostQuote(0);
    expect(quote.totalMonthlyAmount).toBe(0);
    expect(quote.additionalPrescriptions).toEqual({ description: 'No additional prescriptions', count: 0, amount: 0 });
  });
});

describe('PLANS', () => {
  it('lists the three plan cards in order with their prices', () => {
    expect(PLANS.map((p) => [p.tier, p.name, p.priceCents, p.interval, p.priceLabel])).toEqual([
      ['ONGOING_CARE', 'Ongoing Care', 4900, 'month', '$49/mo'],
      ['ENROLLMENT_ONLY', 'Enrollment Only', 10900, 'one_time', '$109 one-time'],
      ['DIY_INSTRUCTIONS', 'DIY Toolkit', 0, 'none', '$0'],
    ]);
  });

  it('prices each card as calculatePricing prices one prescription', () => {
    for (const plan of PLANS) {
      expect(calculatePricing(plan.tier, 1).totalAmount).toBe(plan.priceCents);
      expect(plan.features.length).toBeGreaterThan(2);
      expect(plan.description).not.toBe('');
    }
  });
});
