import Stripe from 'stripe';
import { isResourceMissing, isStripeUnavailable } from './stripe-failures';

const { StripeAPIError, StripeAuthenticationError, StripeConnectionError, StripeInvalidRequestError } = Stripe.errors;

describe('Stripe failures', () => {
  it('tells "no such object" from the rest', () => {
    expect(isResourceMissing(new StripeInvalidRequestError({ code: 'resource_missing', statusCode: 404 }))).toBe(true);
    expect(isResourceMissing(new StripeInvalidRequestError({ code: 'parameter_invalid_empty', statusCode: 400 }))).toBe(
      false,
    );
    expect(isResourceMissing(new StripeConnectionError({ message: 'ECONNREFUSED' }))).toBe(false);
    expect(isResourceMissing(Object.assign(new Error('x'), { code: 'resource_missing' }))).toBe(false);
  });

  it('counts Stripe unreachable, failing or busy as unavailable, never a refusal of what was asked', () => {
    expect(isStripeUnavailable(new StripeConnectionError({ message: 'timeout' }))).toBe(true);
    expect(isStripeUnavailable(new StripeAPIError({ statusCode: 500 }))).toBe(true);
    expect(isStripeUnavailable(new Stripe.errors.StripeRateLimitError({ statusCode: 429 }))).toBe(true);
    expect(isStripeUnavailable(new StripeInvalidRequestError({ statusCode: 503 }))).toBe(true);
    expect(isStripeUnavailable(new StripeInvalidRequestError({ code: 'resource_missing', statusCode: 404 }))).toBe(
      false,
    );
    expect(isStripeUnavailable(new StripeAuthenticationError({ statusCode: 401 }))).toBe(false);
    expect(isStripeUnavailable(new Error('boom'))).toBe(false);
  });
});
