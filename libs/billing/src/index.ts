// Settling a charge's outcome: the worker's charges and the API's Stripe webhook share it.
export * from './charge-outcome';
