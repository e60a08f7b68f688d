/**
 * How long each kind of data is kept, as the Privacy page tells patients (docs/product.md §13, Privacy). The worker's
 * retention prune enforces what it can of it: communications with our team, the support messages (docs/architecture.md
 * §6, Retention).
 */
export const RETENTION_YEARS = {
  account: 7,
  health: 7,
  payments: 7,
  communications: 3,
  analytics: 2,
} as const;
