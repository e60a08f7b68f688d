import { outcomeOfConfirm } from './charge-outcome';

// What confirming a period's intent answers (docs/architecture.md §7): a charge Stripe is still taking is not a
// failure; the local Stripe-compatible server never answers `processing`, so the rule is checked here.
describe('outcomeOfConfirm', () => {
  it('paid when the intent succeeded', () => {
    expect(outcomeOfConfirm({ id: 'pi_1', status: 'succeeded' }, 'pm_1')).toEqual({
      status: 'SUCCEEDED',
      paymentIntentId: 'pi_1',
    });
  });

  it('nothing yet while Stripe is still taking it: the payment stays PENDING for its webhook or the next look', () => {
    expect(outcomeOfConfirm({ id: 'pi_1', status: 'processing' }, 'pm_1')).toBeNull();
  });

  it.each(['requires_action', 'requires_payment_method', 'canceled'])(
    'not completed, with the card that was tried, when the intent is %s',
    (status) => {
      expect(outcomeOfConfirm({ id: 'pi_1', status }, 'pm_1')).toEqual({
        status: 'FAILED',
        paymentIntentId: 'pi_1',
        paymentMethodId: 'pm_1',
        message: 'The payment could not be completed.',
      });
    },
  );
});
