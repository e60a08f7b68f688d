export { startStripeLocal, DEFAULT_API_VERSION, type StripeLocal, type StripeLocalOptions } from './server';
export { signatureHeader, type Delivery, type DeliveryAttempt } from './webhooks';
export type * from './objects';
