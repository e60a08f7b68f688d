// Income limits a sponsor publishes in dollars (docs/product.md §15): the figures its page quotes, nothing derived
// from a guideline year the sponsor did not use.
import type { IncomeLimitDollars } from './types';

/**
 * The yearly limit for a household size, in cents: the listed figure, or the largest listed size below plus the
 * published amount per further person; null when the page gives neither (screening then needs review).
 */
export function dollarLimitCents(limits: IncomeLimitDollars, householdSize: number): number | null {
  const listed = limits.byHouseholdSize.find((row) => row.householdSize === householdSize);
  if (listed) return listed.cents;
  if (limits.perExtraPersonCents === null) return null;
  const below = limits.byHouseholdSize
    .filter((row) => row.householdSize < householdSize)
    .sort((a, b) => b.householdSize - a.householdSize)[0];
  return below ? below.cents + (householdSize - below.householdSize) * limits.perExtraPersonCents : null;
}
