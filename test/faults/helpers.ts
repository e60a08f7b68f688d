import { DataSource } from 'typeorm';
import type { TestStack } from '../support/stack';
import { CARDS, eventually, payCheckout } from '../support/billing';
import { driveTo, type Api, newPatientWithApplications } from '../applications/helpers';

/**
 * A patient whose subscription waits for its first charge (card saved, PENDING_CHARGE) and whose
 * application is APPROVED: moving it to SHIPMENT_SCHEDULED charges the first period.
 */
export async function patientAwaitingFirstCharge(stack: TestStack, api: Api, navigatorToken: string, card = CARDS.ok) {
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  const started = await api.post('/subscriptions', {}, patient.token);
  if (started.status !== 201) throw new Error(`subscription answered ${started.status}`);
  const paid = await payCheckout(started.body.data.checkoutUrl, card);
  if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
  const db = stack.api.get(DataSource);
  const sub = await eventually(async () => {
    const [row] = await db.query(
      `SELECT id, stripe_customer_id FROM subscriptions WHERE user_id = $1 AND status = 'PENDING_CHARGE'`,
      [patient.id],
    );
    return row as { id: string; stripe_customer_id: string } | undefined;
  }, 'the card saved (PENDING_CHARGE)');
  const [application] = patient.applications;
  await driveTo(api, navigatorToken, application.id, 'APPROVED');
  return { ...patient, applicationId: application.id, subscriptionId: sub.id, customer: sub.stripe_customer_id };
}

export interface PaymentRow {
  id: string;
  status: string;
  stripe_payment_intent_id: string | null;
  reconcile_attempts: number;
}

export async function paymentsOf(stack: TestStack, subscriptionId: string): Promise<PaymentRow[]> {
  return stack.api
    .get(DataSource)
    .query(`SELECT id, status, stripe_payment_intent_id, reconcile_attempts FROM payments WHERE subscription_id = $1`, [
      subscriptionId,
    ]);
}

export async function subscriptionStatus(stack: TestStack, subscriptionId: string): Promise<string> {
  const [row] = await stack.api
    .get(DataSource)
    .query(`SELECT status FROM subscriptions WHERE id = $1`, [subscriptionId]);
  return row.status;
}

export const later = (ms: number) => new Date(Date.now() + ms);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
