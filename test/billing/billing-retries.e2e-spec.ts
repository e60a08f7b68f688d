import { QUEUES } from '@rxbridge/events';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { CARDS, eventually } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { newNavigator, type Api } from '../applications/helpers';
import { declineMails, firstPayment, pastDuePatient, queueOf, saveCard } from './retry-helpers';

// A declined charge retried with the patient's new card (docs/product.md §4 Charging) and the emails it sends.

let stack: TestStack;
let api: Api;
let navigator: { token: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  navigator = await newNavigator(stack, api);
});
afterAll(() => stack?.close());

const isReceiptTo = (email: string) => (m: { to: string[]; subject: string }) =>
  m.to.includes(email) && /^Receipt: \$[\d.]+ paid to RxBridge$/.test(m.subject);

it('a decline email held back until a new card has paid the period is not sent: only the receipt is', async () => {
  // The worker takes no email job while the queue is paused (BullMQ's own pause): the decline's email waits, queued,
  // as behind a backlog or an SMTP outage, while the patient saves a card that works.
  const emails = queueOf(stack, QUEUES.email);
  try {
    const patient = await pastDuePatient(stack, api, navigator.token, () => emails.pause());
    await saveCard(api, patient.token, CARDS.ok);
    await eventually(
      async () => (await firstPayment(stack, patient.subscriptionId))?.status === 'SUCCEEDED',
      'the period paid with the new card',
    );
    await emails.resume();
    const receipts = () => stack.mail.messages().filter(isReceiptTo(patient.email));
    await stack.mail.waitFor(isReceiptTo(patient.email));
    await waitForQueuesIdle(stack);
    expect(await firstPayment(stack, patient.subscriptionId)).toEqual({ status: 'SUCCEEDED', attempt: 2 });
    expect(declineMails(stack, patient.email)).toEqual([]);
    expect(receipts()).toHaveLength(1);
  } finally {
    await emails.resume();
    await emails.close();
  }
}, 60_000);
