import type { TestStack } from './stack';
export { eventually } from './wait';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declinedAtCheckout: '4000 0000 0000 0002',
  /** Saves fine, every later charge is declined (as Stripe's test card). */
  declinesCharges: '4000 0000 0000 0341',
};

/** Submits the local Stripe checkout page as a browser would; returns where it sends the browser. */
export async function payCheckout(
  checkoutUrl: string,
  card: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12 / 34', cvc: '123', name: 'Maria Lopez' }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** Test controls of the local Stripe-compatible server (not part of Stripe's API). */
export function stripeControls(stack: TestStack) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.stripe.url}/_local${path}`, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json() as Promise<any>;
  };
  return {
    pause: () => call('POST', '/webhooks/pause'),
    resume: () => call('POST', '/webhooks/resume'),
    deliver: (eventIds: string[]) => call('POST', '/webhooks/deliver', { event_ids: eventIds }),
    held: async (): Promise<string[]> => (await call('GET', '/webhooks')).held,
    events: (type?: string) => call('GET', `/events${type ? `?type=${type}` : ''}`),
    redeliver: (eventId: string) => call('POST', `/events/${eventId}/redeliver`),
    paymentIntentCount: async (customer: string): Promise<number> =>
      (await call('GET', `/payment_intents/count?customer=${customer}`)).count,
    /** Intents of a customer, how many of them succeeded (a charge of the card) and how many were canceled. */
    paymentIntents: (customer: string): Promise<{ count: number; succeeded: number; canceled: number }> =>
      call('GET', `/payment_intents/count?customer=${customer}`),
    /** Forgets held webhooks: they never arrive. */
    dropHeld: () => call('POST', '/webhooks/drop'),
    faults: (faults: {
      paymentIntentsDown?: boolean;
      loseAnswers?: 'none' | 'confirm' | 'all';
      clockOffsetMs?: number;
      /** Confirmations wait this long at Stripe before they run (still on their way). */
      confirmDelayMs?: number;
    }) => call('POST', '/faults', faults),
  };
}
