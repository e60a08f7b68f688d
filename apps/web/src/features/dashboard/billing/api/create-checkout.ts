import { api } from '@/lib/api-client';

/**
 * POST /subscriptions: a setup-mode checkout (a card is saved, nothing is charged). Also the way to
 * replace a declined card.
 */
export async function createCheckout(prescriptionCount?: number): Promise<string | null> {
  const { data } = await api.post<{ checkoutUrl?: string | null }>(
    '/subscriptions',
    prescriptionCount === undefined ? {} : { prescriptionCount },
  );
  return data?.checkoutUrl ?? null;
}
