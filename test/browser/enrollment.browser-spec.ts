import { addDays, toIsoDate } from '@rxbridge/domain';
import { eventually } from '../support/billing';
import { expectAccessible } from './support/a11y';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';
import { logInThroughUi } from './support/navigator';

// docs/product.md §18: one "day" of the clocks lasts 50 ms, so an enrollment ending in 50 days
// opens its renewal about a quarter of a second after the approval.
const ctx = useStackAndBrowser({ env: { TIMER_DAY_MS: '50' } });

test('the dashboard shows the enrollment ("Enrolled until") and the renewal, live and accessible', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const [app] = await waitForApplications(patient, 1);
  const nav = await createNavigator(ctx.stack);
  await nav.moveTo(app.id, 'SUBMITTED');

  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const endsOn = toIsoDate(addDays(new Date(), 50));
  const approved = await patient.api.post(
    `/admin/applications/${app.id}/transitions`,
    { toState: 'APPROVED', note: 'Approved by phone.', enrollmentEndsOn: endsOn },
    nav.token,
  );
  expect(approved.status).toBe(200);
  // Its first shipment scheduled, the case can be Renewal due (never from Approved: docs/product.md §5).
  await nav.move(app.id, 'SHIPMENT_SCHEDULED');
  const shown = new Date(`${endsOn}T12:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

  // Live: the approval, then the renewal the worker opens, without a reload.
  const cards = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Eliquis' }) });
  await cards.getByText(`Enrolled until ${shown}`).waitFor({ timeout: 15_000 });
  const renewal = page.locator('[data-renewal-of]');
  await renewal.waitFor({ timeout: 15_000 });
  expect(await renewal.innerText()).toMatch(new RegExp(`Renewal\\s*enrollment ends ${shown}`));
  // The first application's own move to "Renewal due" is a separate push (and toast) of its own.
  await cards.getByText('Renewal due', { exact: true }).first().waitFor({ timeout: 15_000 });
  await eventually(
    async () =>
      (await patient.api.get('/applications', patient.token)).body.data.applications.length === 2 ? true : undefined,
    'the renewal over the API',
  );
  // Enrolled, the first application asks nothing more of the packet: its renewal asks (docs/product.md §17, §18).
  const enrolled = page.locator('[aria-label="Eliquis application"]').filter({ hasText: 'Enrolled until' });
  const renewed = page.locator('[aria-label="Eliquis application"]').filter({ has: renewal });
  await renewed.getByText(/\d+ documents? still missing/).waitFor();
  expect(await enrolled.getByText(/still missing/).count()).toBe(0);
  await expectAccessible(page, 'dashboard with an enrollment and its renewal');
  await screenshot(page, 'dashboard-enrollment-renewal');
  await enrolled.getByRole('button', { name: 'View details' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
  expect(await dialog.getByRole('heading', { name: 'What we still need from you' }).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);

  // The navigator's panel of the enrolled application: no prescriber signature to request, nothing to send.
  const staff = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(staff.page, 'desktop', nav.email);
  await staff.page.getByRole('heading', { name: 'Work queue' }).waitFor();
  await staff.page.goto(`/navigator/patients/${patient.id}#application-${app.id}`);
  const panel = staff.page.locator(`#application-${app.id}`);
  await panel.getByText('Renewal due: no packet is sent from here now.').waitFor();
  expect(await panel.getByRole('button', { name: 'Request signature' }).count()).toBe(0);
  expect(staff.pageErrors).toEqual([]);
  await staff.context.close();

  // The program approves the renewal: the enrollment it took over from closes, and its card says the medication goes
  // on under the renewal, not the generic Closed text (docs/product.md §18).
  const renewalId = (await patient.api.get('/applications', patient.token)).body.data.applications.find(
    (a: { renewalOf: string | null }) => a.renewalOf === app.id,
  ).id;
  await nav.moveTo(renewalId, 'SUBMITTED');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  const renewedUntil = toIsoDate(addDays(new Date(), 300));
  const renewedApproval = await patient.api.post(
    `/admin/applications/${renewalId}/transitions`,
    { toState: 'APPROVED', note: 'Renewed by phone.', enrollmentEndsOn: renewedUntil },
    nav.token,
  );
  expect(renewedApproval.status).toBe(200);
  const takenOver = page.locator('[aria-label="Eliquis application"]').filter({ hasNot: renewal });
  await takenOver.getByText('Closed', { exact: true }).waitFor({ timeout: 15_000 });
  await takenOver
    .getByText('Your renewal was approved, so this enrollment has ended. Your medication continues under the renewal.')
    .waitFor();
  expect(await page.getByText('Contact support if you need help with this medication.').count()).toBe(0);
  await takenOver.getByRole('button', { name: 'View details' }).click();
  await dialog.getByText('Your medication continues under the renewal.', { exact: false }).waitFor();
  // Its packet asks for nothing now: documents it never had read as not received, not as missing.
  await dialog.getByText('Not received', { exact: true }).first().waitFor();
  expect(await dialog.getByText('Missing', { exact: true }).count()).toBe(0);
  await expectAccessible(page, 'dashboard with an enrollment its renewal took over');
  await screenshot(page, 'dashboard-renewal-took-over');
  // The prescription shows its newest application, the renewal, not the enrollment it closed.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  const prescriptionsCard = page.getByRole('region', { name: 'Prescriptions', exact: true });
  await prescriptionsCard.getByRole('button', { name: 'Eliquis application: Approved. View details' }).waitFor();
  await page.getByRole('button', { name: 'Manage Prescriptions' }).click();
  await dialog.getByText('Approved', { exact: true }).waitFor();
  expect(await dialog.getByText('Closed', { exact: true }).count()).toBe(0);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
