import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { QUEUES } from '@rxbridge/events';
import { freePort } from '@rxbridge/local-stack';
import { startStack, type TestStack } from '../support/stack';
import { startPrivateRedis } from '../support/private-redis';
import { apiClient } from '../support/http';
import { CARDS, eventually, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { newNavigator, type Api } from '../applications/helpers';
import {
  declineMails,
  declinesAtStripe,
  firstPayment,
  pastDuePatient,
  queueOf,
  saveCard,
} from '../billing/retry-helpers';

// A new card's retry of a declined period whose job fails after the card was declined, and runs again
// (docs/architecture.md §6 Idempotent handlers, §7 Exactly-once charges). A Redis of this test's own, whose
// publishing it stops: the shared one on 6379 is never touched.

let port: number;
let redis: ChildProcess | undefined;
let admin: Redis;
let stack: TestStack;
let api: Api;
let navigator: { token: string };

beforeAll(async () => {
  port = await freePort();
  redis = await startPrivateRedis(port);
  admin = new Redis(`redis://127.0.0.1:${port}`);
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  api = apiClient(stack.apiUrl);
  navigator = await newNavigator(stack, api);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  admin?.disconnect();
  redis?.kill('SIGKILL');
});

/** Redis refuses (or takes again) every PUBLISH and SPUBLISH: the live pushes fail, the queues still work. */
const publishing = (allowed: boolean) =>
  admin.call('ACL', 'SETUSER', 'default', allowed ? '+publish' : '-publish', allowed ? '+spublish' : '-spublish');

/** The billing job of the card the patient saved last: its state, attempts and last failure. */
async function lastCardSavedJob(userId: string) {
  const [event] = await stack.api.get(DataSource).query(
    `SELECT id FROM outbox WHERE type = 'subscription.payment_method_saved' AND user_id = $1
        ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  const queue = queueOf(stack, QUEUES.billing);
  try {
    const job = event ? await queue.getJob(event.id) : undefined;
    return job && { state: await job.getState(), attemptsMade: job.attemptsMade, failedReason: job.failedReason };
  } finally {
    await queue.close();
  }
}

it('a new card declined, then its job failing on the live push and running again: the card is charged once, one email; another card still retries', async () => {
  const stripe = stripeControls(stack);
  const patient = await pastDuePatient(stack, api, navigator.token);
  expect(await declinesAtStripe(stack, patient.customer)).toBe(1);

  // The patient saves card B, which Stripe declines too; its confirm takes 5 s to reach Stripe (room for the step below on a busy machine).
  await stripe.faults({ confirmDelayMs: 5_000 });
  try {
    await saveCard(api, patient.token, CARDS.declinesCharges);
    await eventually(async () => {
      const payment = await firstPayment(stack, patient.subscriptionId);
      return payment?.status === 'PENDING' && payment.attempt === 2;
    }, 'the retry with card B under way');
    // Redis stops taking publishes while card B is being charged: the job's push after the decline fails.
    await publishing(false);
  } finally {
    await stripe.faults({ confirmDelayMs: 0 });
  }
  try {
    const failed = await eventually(async () => {
      const job = await lastCardSavedJob(patient.id);
      return job?.failedReason ? job : undefined;
    }, 'the card saved job failing after the decline');
    expect(failed.failedReason).toMatch(/NOPERM/);
  } finally {
    await publishing(true);
  }

  // BullMQ runs the job again (its retry): it finds card B already declined for the period.
  await eventually(async () => declineMails(stack, patient.email).length >= 2, "card B's decline email");
  await waitForQueuesIdle(stack, 30_000);
  expect(await lastCardSavedJob(patient.id)).toMatchObject({ state: 'completed', attemptsMade: expect.any(Number) });
  expect((await lastCardSavedJob(patient.id))!.attemptsMade).toBeGreaterThanOrEqual(2);

  expect(await declinesAtStripe(stack, patient.customer)).toBe(2);
  expect(await firstPayment(stack, patient.subscriptionId)).toEqual({ status: 'FAILED', attempt: 2 });
  expect(declineMails(stack, patient.email)).toHaveLength(2);

  // A card not yet tried for the period still retries it.
  await saveCard(api, patient.token, CARDS.ok);
  await eventually(
    async () => (await firstPayment(stack, patient.subscriptionId))?.status === 'SUCCEEDED',
    'the period paid with card C',
  );
  expect(await firstPayment(stack, patient.subscriptionId)).toEqual({ status: 'SUCCEEDED', attempt: 3 });
}, 90_000);
