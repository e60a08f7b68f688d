import type Stripe from 'stripe';
import { outcomeOfIntentEvent } from './intent-outcome';

// A late decline is checked against the card that was declined (docs/architecture.md §7). Stripe
// shapes a declined intent so: no payment method left on it, the declined card in the error.
const intent = (fields: Partial<Stripe.PaymentIntent>) =>
  ({
    id: 'pi_1',
    object: 'payment_intent',
    payment_method: null,
    last_payment_error: null,
    ...fields,
  }) as Stripe.PaymentIntent;

describe('outcomeOfIntentEvent', () => {
  it('names the declined card from the error, where Stripe keeps it once the intent lets it go', () => {
    const declined = intent({
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        message: 'Your card was declined.',
        payment_method: { id: 'pm_old', object: 'payment_method' } as Stripe.PaymentMethod,
      },
    });
    expect(outcomeOfIntentEvent('payment_intent.payment_failed', declined)).toEqual({
      status: 'FAILED',
      paymentIntentId: 'pi_1',
      paymentMethodId: 'pm_old',
      message: 'Your card was declined.',
    });
  });

  it('falls back to the intent’s own card, and to the usual words without a message', () => {
    expect(outcomeOfIntentEvent('payment_intent.payment_failed', intent({ payment_method: 'pm_1' }))).toEqual({
      status: 'FAILED',
      paymentIntentId: 'pi_1',
      paymentMethodId: 'pm_1',
      message: 'Your card was declined.',
    });
  });

  it('reads a success as the charge paid', () => {
    expect(outcomeOfIntentEvent('payment_intent.succeeded', intent({ status: 'succeeded' }))).toEqual({
      status: 'SUCCEEDED',
      paymentIntentId: 'pi_1',
    });
  });
});
