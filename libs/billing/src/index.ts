// Billing shared by the API and the worker: settling a charge's outcome (the worker's charges and
// the API's Stripe webhook), a subscription's price, and the repositories every billing read and
// write goes through.
export * from './charge-outcome';
export * from './subscription-pricing';
export * from './subscription.repository';
export * from './payment.repository';
export * from './payment-descriptions';
