import { addDays, toIsoDate } from '@rxbridge/domain';
import type { ApplicationView } from '@rxbridge/contracts';
import { eventually } from '../support/billing';
import { newPage, useStackAndBrowser } from './support/browser';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';

// docs/product.md §18: one "day" of the clocks lasts 200 ms, so an enrollment ending in 50 days opens its renewal a
// second after the approval and is Renewal due four seconds after it; one of a year opens its renewal after a minute.
const ctx = useStackAndBrowser({ env: { TIMER_DAY_MS: '200' } });

test('an application re-enrolled itself is what its prescription shows, not its renewal cancelled as not needed', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const [app] = await waitForApplications(patient, 1);
  const nav = await createNavigator(ctx.stack);
  await nav.moveTo(app.id, 'SUBMITTED');
  const approve = (enrollmentEndsOn: string) =>
    patient.api.post(
      `/admin/applications/${app.id}/transitions`,
      { toState: 'APPROVED', note: 'Approved by phone.', enrollmentEndsOn },
      nav.token,
    );
  expect((await approve(toIsoDate(addDays(new Date(), 50)))).status).toBe(200);
  await nav.move(app.id, 'SHIPMENT_SCHEDULED');
  const applications = async () =>
    (await patient.api.get('/applications', patient.token)).body.data.applications as ApplicationView[];
  // The renewal opens (Intake), then the enrollment itself is Renewal due: the navigator re-enrolls it there.
  await eventually(
    async () => {
      const all = await applications();
      return all.some((a) => a.renewalOf === app.id) && all.find((a) => a.id === app.id)?.state === 'RENEWAL_DUE';
    },
    'the renewal opened and the enrollment Renewal due',
    20_000,
  );
  await nav.move(app.id, 'SUBMITTED');
  expect((await approve(toIsoDate(addDays(new Date(), 365)))).status).toBe(200);
  // The renewal, newer than the enrollment, is cancelled as not needed.
  await eventually(
    async () => (await applications()).find((a) => a.renewalOf === app.id)?.state === 'CANCELLED',
    'the renewal cancelled',
  );

  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const prescriptionsCard = page.getByRole('region', { name: 'Prescriptions', exact: true });
  await prescriptionsCard.getByRole('button', { name: 'Eliquis application: Approved. View details' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Enrolled until', { exact: false }).first().waitFor();
  expect(await dialog.locator('[data-renewal-of]').count()).toBe(0);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Manage Prescriptions' }).click();
  await dialog.getByText('Approved', { exact: true }).waitFor();
  expect(await dialog.getByText('Cancelled', { exact: true }).count()).toBe(0);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
