import type { PlanTier } from '@rxbridge/contracts';

// Keys nest: invalidating a prefix refetches every query under it.
const documents = ['documents'] as const;
const billing = ['subscriptions'] as const;
const payments = [...billing, 'payments'] as const;

/**
 * Every dashboard query key. Queries, cache writes, invalidations and socket hooks all take their
 * keys from here, so a refetch can never miss the query it means.
 */
export const dashboardKeys = {
  applications: ['applications'] as const,
  eligibility: ['eligibility'] as const,
  doctors: ['doctors'] as const,
  prescriptions: ['prescriptions'] as const,
  insurances: ['insurance'] as const,
  documents,
  documentsPage: (page: number, search: string) => [...documents, { page, search }] as const,
  costQuote: (prescriptionCount: number, tier?: PlanTier) => ['cost-quote', { prescriptionCount, tier }] as const,
  /** Every billing query: a socket event or a change refetches them together. */
  billing,
  activeSubscriptions: [...billing, 'active'] as const,
  payments,
  paymentsPage: (page: number) => [...payments, { page }] as const,
  supportMessages: ['support-messages'] as const,
};
