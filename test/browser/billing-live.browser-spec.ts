import type { Page, WebSocketRoute } from 'playwright-core';
import { CARDS, eventually, payCheckout } from '../support/billing';
import { toast, useStackAndBrowser, newPage, screenshot } from './support/browser';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';

const ctx = useStackAndBrowser();

const billingDialog = (page: Page) => page.getByRole('dialog', { name: 'Subscription and billing' });

async function openBilling(page: Page) {
  const size = page.viewportSize();
  if (size && size.width < 640) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Billing' }).click();
  await billingDialog(page).waitFor();
  return billingDialog(page);
}

test('checkout in a popup with the test card, then a navigator’s moves show up live in the open billing dialog', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const [application] = await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);

  const dialog = await openBilling(page);
  await dialog.getByText('PENDING_PAYMENT').waitFor();
  await dialog.getByText('Add a payment method to finish setting up').waitFor();
  await dialog
    .getByText(/^Total: \$49.00\/mo$/)
    .first()
    .waitFor();
  await screenshot(page, 'billing-pending-payment', { fullPage: false });

  // Add Payment Method opens checkout in a 600 x 700 popup.
  const popupPromise = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url().startsWith(ctx.stack.stripe.url)).toBe(true);
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 700]);
  await popup.getByLabel('Card number').fill(CARDS.ok);
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  await popup.getByRole('button').click();
  await closed;

  await page.getByText('Please check your subscription status').waitFor();
  await dialog.getByText('PENDING_CHARGE').waitFor();
  await dialog.getByText(/Visa •••• 4242/).waitFor();
  await screenshot(page, 'billing-pending-charge', { fullPage: false });

  // The navigator moves the application; the open dialog follows without a reload.
  const navigator = await createNavigator(ctx.stack);
  await navigator.moveTo(application!.id, 'APPROVED');
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  await navigator.move(application!.id, 'SHIPMENT_SCHEDULED');
  // Live: the pushes, with no reload (the navigations below); how fast is the benchmark's to say, not a test's.
  await dialog.getByText('ACTIVE', { exact: true }).waitFor();
  await dialog.getByText('Latest payment').waitFor();
  expect(await dialog.innerText()).toContain('$49.00');
  await dialog.getByRole('tab', { name: 'Payment History' }).click();
  await dialog.getByRole('list', { name: 'Payments' }).getByText('SUCCEEDED').waitFor();
  expect(navigations).toEqual([]);
  await screenshot(page, 'billing-payment-history', { fullPage: false });
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('application details: timeline, next step, a missing document uploaded; live while open; a lost connection catches up', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
  });
  const [application] = await waitForApplications(patient, 1);
  // The card is saved straight away (as checkout would), so a shipment triggers the first charge.
  const { page, context } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  // Every WebSocket the page opens, so the test can cut the live connection.
  await context.addInitScript(() => {
    const sockets: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    } as typeof WebSocket;
  });
  await openDashboard(page, patient);
  const navigator = await createNavigator(ctx.stack);

  await page.getByRole('button', { name: /Ozempic application: Intake/ }).click();
  const d = page.getByRole('dialog', { name: 'Ozempic application' });
  await d.getByText('Next step:').waitFor();
  await d.getByText('We are reviewing your details').waitFor();
  await d.getByText(/still missing/).waitFor();
  await screenshot(page, 'application-dialog', { fullPage: false });

  // Live: the navigator's move shows in the open dialog, with its note in the timeline.
  await navigator.move(application!.id, 'AWAITING_DOCUMENTS', 'Please send your proof of income');
  await d.getByText('Please send your proof of income').waitFor();
  await d.getByText('Please upload the documents still missing').waitFor();

  // A missing document: uploaded, attached, then shown as received.
  const item = application!.missingDocuments[0]!;
  const chooser = page.waitForEvent('filechooser');
  await d.getByRole('button', { name: `Upload ${item.label}` }).click();
  await (
    await chooser
  ).setFiles({ name: 'income.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await toast(page, 'Document added to your application').waitFor();
  await d.getByRole('button', { name: `Upload ${item.label}` }).waitFor({ state: 'detached' });
  await d
    .getByText(/^Received /)
    .first()
    .waitFor();
  const docs = await patient.api.get('/documents', patient.token);
  expect(docs.body.data.documents[0].title).toBe(item.label);
  await page.keyboard.press('Escape');

  // The live connection drops and cannot come back for a while: the indicator says so, in the status region that was
  // there, empty, before (a region added with its words is not announced).
  const liveStatus = page.locator('header [role="status"]');
  expect(await liveStatus.count()).toBe(1);
  expect(await liveStatus.innerText()).toBe('');
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((s) => s.close()));
  await liveStatus.getByText('Live updates paused: reconnecting…').waitFor();
  await screenshot(page, 'dashboard-live-down', { fullPage: false });

  // Meanwhile the card is saved and the application is approved and shipped: a charge happens.
  const checkout = await patient.api.post('/subscriptions', {}, patient.token);
  const paid = await payCheckout(checkout.body.data.checkoutUrl, CARDS.ok);
  const sessionId = new URL(paid.location!).searchParams.get('session_id');
  await patient.api.post('/users/signup-complete', { sessionId }, patient.token);
  for (const state of ['AWAITING_PRESCRIBER', 'SUBMITTED', 'APPROVED', 'SHIPMENT_SCHEDULED'] as const)
    await navigator.move(application!.id, state);
  await eventually(
    async () =>
      (await patient.api.get('/subscriptions/active', patient.token)).body.data.subscriptions[0]?.status === 'ACTIVE',
    'the charge',
    15_000,
  );

  // Back online: the dashboard catches up without a reload.
  await page.unroute('**/socket.io/**');
  await page.getByText('Live updates paused: reconnecting…').waitFor({ state: 'detached', timeout: 40_000 });
  await page.getByRole('button', { name: /Ozempic application: Shipment scheduled/ }).waitFor();
  const dialog = await openBilling(page);
  await dialog.getByText('ACTIVE', { exact: true }).waitFor();
  await screenshot(page, 'billing-active', { fullPage: false });
  await context.close();
}, 150_000);

test('a change made after the dashboard read its data and before its socket first connected shows once it does', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const [application] = await waitForApplications(patient, 1);
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  // The live connection is held on its way, as on a slow network: the page's WebSocket reaches the
  // server only when the test lets it.
  const held: WebSocketRoute[] = [];
  await page.routeWebSocket('**/socket.io/**', (ws) => void held.push(ws));
  await openDashboard(page, patient);
  await page.getByRole('button', { name: /Eliquis application: Intake/ }).waitFor();

  // The move commits while no socket of the patient listens: its push reaches no one.
  const navigator = await createNavigator(ctx.stack);
  await navigator.move(application!.id, 'AWAITING_DOCUMENTS');
  expect(held.length).toBeGreaterThan(0);
  for (const ws of held) ws.connectToServer();
  await page.getByRole('button', { name: /Eliquis application: Awaiting documents/ }).waitFor({ timeout: 10_000 });
  await context.close();
}, 90_000);

test("a change pushed while the dashboard's first read is on its way shows: that read's older answer is not kept", async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const [application] = await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  // The first read of the applications is answered by the server (Intake) and held on its way back, as on a slow
  // network; the reads after it pass.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let firstRead!: () => void;
  const firstReadAnswered = new Promise<void>((resolve) => (firstRead = resolve));
  let reads = 0;
  await page.route('**/api/v1/applications', async (route) => {
    if (route.request().method() !== 'GET' || reads++ > 0) return route.continue();
    const response = await route.fetch();
    firstRead();
    await released;
    // The page may have given up on it meanwhile: then there is no one to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => void frames.push(String(frame.payload))));
  await openDashboard(page, patient);
  await firstReadAnswered;
  // The socket is connected (its CONNECT packet came back), then the change is pushed to it.
  await eventually(async () => frames.some((f) => f.startsWith('40')), 'the live connection');
  const navigator = await createNavigator(ctx.stack);
  await navigator.move(application!.id, 'AWAITING_DOCUMENTS');
  await eventually(async () => frames.some((f) => f.includes('application.updated')), 'the push heard');
  release();
  await page.getByRole('button', { name: /Eliquis application: Awaiting documents/ }).waitFor({ timeout: 10_000 });
  expect(pageErrors).toEqual([]);
  await context.close();
}, 90_000);

test('cancel with the cannot-be-undone confirmation, a failed cancel, and the email links to billing tabs', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Humira', dosage: '40 mg', frequency: 'Weekly' }],
  });
  const { page, context } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);

  // ?billing=history opens the Payment History tab; the address is cleaned up.
  await openDashboard(page, patient, '/dashboard?billing=history');
  const dialog = billingDialog(page);
  await dialog.getByText('No payments yet').waitFor();
  expect(await dialog.getByRole('tab', { name: 'Payment History' }).getAttribute('aria-selected')).toBe('true');
  expect(new URL(page.url()).search).toBe('');
  await screenshot(page, 'billing-history-empty', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.goto('/dashboard?billing=update-card');
  await dialog.getByRole('button', { name: 'Add Payment Method' }).waitFor();
  await screenshot(page, 'billing-subscription', { fullPage: true });

  // Cancel asks first, saying it cannot be undone; Keep leaves it.
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await confirm.getByText(/This cannot be undone\./).waitFor();
  await screenshot(page, 'billing-cancel-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: 'Keep subscription' }).click();
  await confirm.waitFor({ state: 'detached' });
  // The focus goes back to the button that asked, inside the billing dialog still open (WCAG 2.4.3).
  const cancelButton = dialog.getByRole('button', { name: 'Cancel Subscription' });
  expect(await cancelButton.evaluate((button) => button === document.activeElement)).toBe(true);

  // The request fails (the connection drops): SPEC's message with the reason.
  await page.route('**/api/v1/subscriptions/*', (route) =>
    route.request().method() === 'DELETE' ? route.abort() : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await confirm.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await toast(page, 'Failed to cancel subscription: An unexpected error occurred').waitFor();
  await page.unroute('**/api/v1/subscriptions/*');

  // Cancelled elsewhere (another device): the open dialog follows, live.
  const subs = await patient.api.get('/subscriptions/active', patient.token);
  await patient.api.delete(`/subscriptions/${subs.body.data.subscriptions[0].id}?immediately=true`, patient.token);
  await dialog.getByText('You have no active subscription.').waitFor();
  await page.keyboard.press('Escape');

  // A new subscription (checkout started, card not yet added), then a successful cancel.
  await page.reload();
  const again = await openBilling(page);
  await again.getByText('You have no active subscription.').waitFor();
  const popup = context.waitForEvent('page');
  await again.getByRole('button', { name: 'Start Subscription' }).click();
  await (await popup).close();
  await again.getByText('PENDING_PAYMENT').waitFor();
  await again.getByRole('button', { name: 'Cancel Subscription' }).click();
  await confirm.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await toast(page, 'Subscription cancelled successfully').waitFor();
  await again.getByText('You have no active subscription.').waitFor();
  await context.close();
}, 120_000);
