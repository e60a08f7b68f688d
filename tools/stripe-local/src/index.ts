export { startStripeLocal, type StripeLocal, type StripeLocalOptions } from './server';
