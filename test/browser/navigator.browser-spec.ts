import { DataSource } from 'typeorm';
import { addDays, toIsoDate } from '@rxbridge/domain';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { startMailCatcher, type MailCatcher } from '@rxbridge/mail-catcher';
import { changeApplicationState } from '@rxbridge/applications';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { move, newNavigator, newPatientWithApplications, waitForApplications, type Api } from '../applications/helpers';
import { FILES, upload } from '../records/helpers';
import { enqueuePasswordChangedEmail, startDownSmtp } from '../admin/helpers';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi, moveButtons, moveInUi, scrollTop } from './support/navigator';

let stack: TestStack;
let api: Api;
let browser: Browser;
let smtpDown: Awaited<ReturnType<typeof startDownSmtp>> | undefined;
let smtp: MailCatcher | undefined;

beforeAll(async () => {
  // SMTP is down until the queue-health test brings it up: email jobs fail for real meanwhile.
  smtpDown = await startDownSmtp();
  stack = await startStack({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpDown.port}` } });
  api = apiClient(stack.apiUrl);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await smtp?.close();
  await smtpDown?.close();
  await stack?.close();
});

const chip = (page: Page, label: string, count: number) =>
  page
    .getByRole('navigation', { name: 'Filter by state' })
    .getByRole('button', { name: `${label} ${count}`, exact: true });
const queueRows = (page: Page) => page.locator('table tbody tr');
/** A full-page picture from the top, so the sticky header sits where it belongs. */
async function fullShot(page: Page, name: string) {
  await scrollTop(page);
  await screenshot(page, name);
}

async function labels(buttons: Locator) {
  return (await buttons.allTextContents()).map((t) => t.trim());
}

test('a navigator works the queue: counts, filters, search, the record, an audited document, moves with notes, live arrivals and a stale move', async () => {
  const alma = await newPatientWithApplications(api, ['Eliquis', 'Ozempic'], {
    firstName: 'Alma',
    lastName: 'Reyes',
    doctors: [
      { firstName: 'Grace', lastName: 'Kim', specialty: 'Cardiology', doctorAddress: '1 Heart Way, Springfield, IL' },
    ],
    insurances: [{ provider: 'Aetna' }],
  });
  const boris = await newPatientWithApplications(api, ['Humira'], { firstName: 'Boris', lastName: 'Chen' });
  const doc = await upload(stack, alma.token, {
    bytes: FILES.pdf,
    name: 'insurance-card.pdf',
    type: 'application/pdf',
    title: 'Insurance card',
  });
  expect(doc.status).toBe(201);
  const navigator = await newNavigator(stack, api);
  const colleague = await newNavigator(stack, api);
  // Boris's case already moved on, so the queue has two states to filter by.
  expect((await move(api, colleague.token, boris.applications[0].id, 'AWAITING_DOCUMENTS')).status).toBe(200);

  const { page, context, pageErrors } = await newPage(browser, 'desktop', stack.baseUrl);
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('heading', { name: 'Work queue' }).waitFor();

  // Counts per state; oldest first.
  await chip(page, 'All', 3).waitFor();
  await chip(page, 'Intake', 2).waitFor();
  await chip(page, 'Awaiting documents', 1).waitFor();
  await chip(page, 'Approved', 0).waitFor();
  expect(await queueRows(page).count()).toBe(3);
  expect(await queueRows(page).locator('td:nth-child(2)').allTextContents()).toEqual(['Eliquis', 'Ozempic', 'Humira']);
  await screenshot(page, 'navigator-queue');

  // Filter by state.
  await chip(page, 'Awaiting documents', 1).click();
  await page.getByText('1 application in Awaiting documents').waitFor();
  expect(await queueRows(page).locator('td:nth-child(2)').allTextContents()).toEqual(['Humira']);
  expect(page.url()).toContain('state=AWAITING_DOCUMENTS');
  await screenshot(page, 'navigator-queue-filtered');
  await chip(page, 'All', 3).click();

  // Search by name, email and medication.
  const search = page.getByLabel('Search applications');
  await search.fill('reyes');
  await page.getByText('2 applications matching “reyes”').waitFor();
  await search.fill('ozem');
  await page.getByText('1 application matching “ozem”').waitFor();
  expect(await queueRows(page).locator('td:nth-child(2)').allTextContents()).toEqual(['Ozempic']);
  await search.fill(boris.email);
  await page.getByText(`1 application matching “${boris.email}”`).waitFor();
  await search.fill('nobody-like-this');
  await page.getByText('No applications match. Try another state or search.').waitFor();
  await search.fill('');
  await page.getByText('3 applications', { exact: true }).waitFor();

  // Live: a prescription Boris adds over the API opens an application that appears without a reload.
  await api.post(
    '/prescriptions/bulk',
    [{ medication: 'Trelegy Ellipta', dosage: '1 inhalation', frequency: 'Once daily' }],
    boris.token,
  );
  await page.getByText('New application: Trelegy Ellipta').waitFor();
  // The socket named no medication: the console read the new application through the audited API to announce it.
  const db = stack.api.get(DataSource);
  const [opened] = (await api.get('/applications', boris.token)).body.data.applications.filter(
    (a: { medication: string }) => a.medication === 'Trelegy Ellipta',
  );
  const announced = await db.query(
    `SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1 AND action = 'application.read' AND entity_id = $2`,
    [navigator.id, opened.id],
  );
  expect(announced[0].n).toBe(1);
  await chip(page, 'All', 4).waitFor();
  await queueRows(page).filter({ hasText: 'Trelegy Ellipta' }).waitFor();
  await screenshot(page, 'navigator-queue-live');

  // The patient's record.
  await queueRows(page).filter({ hasText: 'Eliquis' }).getByRole('link', { name: 'Alma Reyes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Alma Reyes' }).waitFor();
  for (const text of ['Aetna', 'Dr. Grace Kim', 'Insurance card', 'Pending Payment', '$49.00 / month']) {
    // Visible text only: the panel's "Request another document" list names the kinds too (an insurance card).
    await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();
  }
  await page.getByText('No payments yet', { exact: false }).waitFor();
  await applicationPanel(page, 'Eliquis').waitFor();
  await applicationPanel(page, 'Ozempic').waitFor();
  await fullShot(page, 'navigator-patient');

  // A document opens in a new tab through the audited access link.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open Insurance card' }).click(),
  ]);
  await tab.waitForURL(/\/api\/v1\/documents\/.+\/file\?expires=/);
  await tab.close();
  const audits = await db.query(
    `SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1 AND action = 'document.access' AND entity_id = $2`,
    [navigator.id, doc.body.data.document?.id ?? doc.body.data.id],
  );
  expect(audits[0].n).toBe(1);

  // Only the legal next states are offered, and every move asks for a note.
  expect(await labels(moveButtons(page, 'Eliquis'))).toEqual(['Awaiting documents', 'Cancelled']);
  await moveButtons(page, 'Eliquis').getByText('Awaiting documents', { exact: true }).click();
  const noteless = page.getByRole('dialog', { name: 'Move to Awaiting documents' });
  await noteless.getByRole('button', { name: 'Move to Awaiting documents' }).click();
  await noteless.getByText('Please add a note saying why the application moves').waitFor();
  await noteless.getByRole('button', { name: 'Cancel' }).click();
  // Cancelled, the focus goes back to the button that opened it.
  const opener = moveButtons(page, 'Eliquis').getByText('Awaiting documents', { exact: true });
  await page.waitForFunction((el) => el === document.activeElement, await opener.elementHandle());

  // With the keyboard: the button that opened the dialog is gone with the state it offered, so the focus lands on
  // the application's heading, not on the page's start, and Tab goes on to the panel's next control.
  const eliquisPanel = applicationPanel(page, 'Eliquis');
  await opener.press('Enter');
  const byKeyboard = page.getByRole('dialog', { name: 'Move to Awaiting documents' });
  await byKeyboard.getByLabel('Note').fill('Asked Alma for her income proof.');
  await byKeyboard.getByRole('button', { name: 'Move to Awaiting documents' }).press('Enter');
  await byKeyboard.waitFor({ state: 'detached' });
  await eliquisPanel.getByText('Asked Alma for her income proof.').waitFor();
  const eliquisHeading = eliquisPanel.getByRole('heading', { name: 'Eliquis', exact: true });
  await page.waitForFunction((el) => el === document.activeElement, await eliquisHeading.elementHandle());
  await expectAccessible(page, 'a patient record after a move, the focus on its application');
  await page.keyboard.press('Tab');
  const nextControl = eliquisPanel.locator('summary, a[href], button, input, select, textarea').first();
  expect(await nextControl.evaluate((el) => el === document.activeElement)).toBe(true);
  await moveInUi(page, 'Eliquis', 'Awaiting prescriber', 'Packet complete; form faxed to Dr. Kim.');
  await applicationPanel(page, 'Eliquis').getByText('Packet complete; form faxed to Dr. Kim.').waitFor();
  await moveInUi(page, 'Eliquis', 'Submitted', 'Signed form back; submitted to the BMS program.');
  await applicationPanel(page, 'Eliquis').locator('[data-state="SUBMITTED"]').waitFor();
  expect(await labels(moveButtons(page, 'Eliquis'))).toEqual(['Approved', 'Denied', 'Info requested', 'Cancelled']);

  // APPROVED may carry the enrollment dates (docs/product.md §18), checked before sending.
  await moveButtons(page, 'Eliquis').getByText('Approved', { exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Move to Approved' });
  await approve.getByLabel('Note').fill('Approved by phone, case 88231.');
  // Dates from today: an enrollment ending within 45 days would open its renewal at once (docs/product.md §18).
  const startsOn = toIsoDate(new Date());
  const endsOn = toIsoDate(addDays(startsOn, 300));
  await approve.getByLabel('Enrollment start date').fill(startsOn);
  await approve.getByLabel('Enrollment end date').fill(toIsoDate(addDays(startsOn, -1)));
  await approve.getByRole('button', { name: 'Move to Approved' }).click();
  await approve.getByText('Enrollment end date must be after the enrollment start date.').waitFor();
  await approve.getByLabel('Enrollment end date').fill(endsOn);
  await screenshot(page, 'navigator-move-approved', { fullPage: false });
  await approve.getByRole('button', { name: 'Move to Approved' }).click();
  await approve.waitFor({ state: 'detached' });
  const shownEnd = new Date(`${endsOn}T12:00:00`).toLocaleDateString('en-US', { dateStyle: 'medium' });
  await applicationPanel(page, 'Eliquis').getByText(`Enrolled until ${shownEnd}`).waitFor();

  // SHIPMENT_SCHEDULED needs the date and the days of supply.
  await moveInUi(page, 'Eliquis', 'Shipment scheduled', 'First 90-day supply ships Monday.', async (d) => {
    await d.getByLabel('Shipment date').fill('2026-01-12');
    await d.getByLabel('Days of supply').fill('90');
  });
  await applicationPanel(page, 'Eliquis').getByText('Shipment Jan 12, 2026: 90-day supply', { exact: false }).waitFor();
  expect(await labels(moveButtons(page, 'Eliquis'))).toEqual(['Delivered', 'Renewal due', 'Closed', 'Cancelled']);
  const timeline = applicationPanel(page, 'Eliquis')
    .getByRole('list', { name: 'Eliquis timeline' })
    .getByRole('listitem');
  expect(await timeline.count()).toBe(6);
  await fullShot(page, 'navigator-patient-moved');

  // A stale move: a colleague moves Ozempic while this navigator is writing the note.
  await moveButtons(page, 'Ozempic').getByText('Awaiting documents', { exact: true }).click();
  const stale = page.getByRole('dialog', { name: 'Move to Awaiting documents' });
  await stale.getByLabel('Note').fill('Requesting documents.');
  expect((await move(api, colleague.token, alma.applications[1].id, 'AWAITING_DOCUMENTS')).status).toBe(200);
  await stale.getByRole('button', { name: 'Move to Awaiting documents' }).click();
  await stale.waitFor({ state: 'detached' });
  // The server's words say who moved it, and the panel where it stands now.
  const byColleague = 'This application was moved to Awaiting documents by someone else.';
  await applicationPanel(page, 'Ozempic').getByRole('alert').getByText(byColleague, { exact: false }).waitFor();
  await applicationPanel(page, 'Ozempic')
    .getByRole('alert')
    .getByText('This view now shows it in Awaiting documents', { exact: false })
    .waitFor();
  await page.locator('[data-sonner-toast]', { hasText: 'Application not moved' }).getByText(byColleague).waitFor();
  // The focus goes to the refusal, which says why, and not to the page's start.
  const refusal = page.locator(`#application-${alma.applications[1].id}-refusal`);
  await page.waitForFunction((el) => el?.contains(document.activeElement), await refusal.elementHandle());
  // The view already shows where the colleague put it, with that state's next moves.
  await applicationPanel(page, 'Ozempic').locator('[data-state="AWAITING_DOCUMENTS"]').waitFor();
  expect(await labels(moveButtons(page, 'Ozempic'))).toEqual(['Awaiting prescriber', 'Cancelled']);
  await fullShot(page, 'navigator-stale-move');

  // A move the system made meanwhile (a timer's, say) is the system's in the server's words: no navigator is blamed.
  await moveButtons(page, 'Ozempic').getByText('Cancelled', { exact: true }).click();
  const beaten = page.getByRole('dialog', { name: 'Move to Cancelled' });
  await beaten.getByLabel('Note').fill('The patient asked us to stop.');
  await changeApplicationState(db.manager, {
    applicationId: alma.applications[1].id,
    toState: 'AWAITING_PRESCRIBER',
    note: 'Checklist complete.',
    actor: { id: null, role: 'SYSTEM' },
  });
  await beaten.getByRole('button', { name: 'Move to Cancelled' }).click();
  await beaten.waitFor({ state: 'detached' });
  const bySystem = 'This application was moved to Awaiting prescriber by the system.';
  const systemAlert = applicationPanel(page, 'Ozempic').getByRole('alert');
  await systemAlert.getByText(bySystem, { exact: false }).waitFor();
  await systemAlert.getByText('This view now shows it in Awaiting prescriber', { exact: false }).waitFor();
  expect(await systemAlert.textContent()).not.toMatch(/someone else|another navigator/i);
  const systemToast = page.locator('[data-sonner-toast]', { hasText: bySystem });
  await systemToast.waitFor();
  expect(await systemToast.textContent()).not.toMatch(/another navigator/i);
  await expectAccessible(page, 'a move refused as the system moved the application first');

  // Checklist items are marked as the navigator receives them.
  await applicationPanel(page, 'Ozempic')
    .getByRole('button', { name: 'Mark received: Proof of income for Ozempic' })
    .click();
  // Ozempic's checklist is its program's documents (docs/product.md §15): proof of income and the denial letter.
  await applicationPanel(page, 'Ozempic').getByText('Checklist (1 missing)').waitFor();
  // Marked missing again, it is asked of the patient, who is emailed (docs/product.md §11): the toast says so.
  await applicationPanel(page, 'Ozempic')
    .getByRole('button', { name: 'Mark missing: Proof of income for Ozempic' })
    .click();
  await page.getByText(/sees it on their dashboard now, and is emailed what is still needed/).waitFor();
  await screenshot(page, 'navigator-asked-toast', { fullPage: false });
  await applicationPanel(page, 'Ozempic').getByText('Checklist (2 missing)').waitFor();

  // A new prescription for the patient on screen appears on the record live too.
  await api.post(
    '/prescriptions/bulk',
    [{ medication: 'Jardiance', dosage: '10 mg', frequency: 'Once daily' }],
    alma.token,
  );
  await applicationPanel(page, 'Jardiance').waitFor();

  // The patient sees the navigator's notes on their side (same timeline).
  const [eliquis] = await waitForApplications(api, alma.token, 3);
  expect(eliquis.state).toBe('SHIPMENT_SCHEDULED');
  expect(eliquis.timeline.map((t) => t.note)).toContain('Approved by phone, case 88231.');
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('on a phone: the queue as cards, the record and the move dialog fit; patients and visitors get the 404 page', async () => {
  const patient = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'Pia', lastName: 'Novak' });
  const navigator = await newNavigator(stack, api);

  const visitor = await newPage(browser, 'phone', stack.baseUrl);
  await visitor.page.goto('/navigator');
  await visitor.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  await visitor.context.close();

  const asPatient = await newPage(browser, 'phone', stack.baseUrl);
  await logInThroughUi(asPatient.page, 'phone', patient.email);
  await asPatient.page.waitForURL('**/dashboard');
  await asPatient.page.goto('/navigator');
  await asPatient.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  await screenshot(asPatient.page, 'navigator-404-patient');
  await asPatient.page.goto('/navigator/queues');
  await asPatient.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  await asPatient.context.close();

  // A navigator whose profile says Spanish still works in English: the console, the page's language, the API's words.
  await stack.api.get(DataSource).query(`UPDATE users SET preferred_language = 'es' WHERE id = $1`, [navigator.id]);
  const { page, context, pageErrors } = await newPage(browser, 'phone', stack.baseUrl);
  await logInThroughUi(page, 'phone', navigator.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('heading', { name: 'Work queue' }).waitFor();
  await page.locator('ul [data-application-id]').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await screenshot(page, 'navigator-queue');
  // Queue health is for admins: a navigator has no link to it, and the address shows the 404 page.
  expect(await page.getByRole('link', { name: 'Queue health' }).count()).toBe(0);

  await page.getByRole('link', { name: /Pia Novak/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pia Novak' }).waitFor();
  await fullShot(page, 'navigator-patient');
  await moveButtons(page, 'Eliquis').getByText('Awaiting documents', { exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Move to Awaiting documents' })
    .getByLabel('Note')
    .fill('Asked for documents by phone.');
  await screenshot(page, 'navigator-move-dialog', { fullPage: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Awaiting documents' }).click();
  await applicationPanel(page, 'Eliquis').locator('[data-state="AWAITING_DOCUMENTS"]').waitFor();

  await page.goto('/navigator/queues');
  await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();

  // A record that does not exist is said on its first 404: that answer is final, so it is neither
  // retried nor read again when the console's socket connects. Any read after it is held unanswered.
  const missingId = '7a1c1f0e-2b3d-4c5e-8f9a-0b1c2d3e4f5a';
  const held: Route[] = [];
  let answered = false;
  await page.route(`**/api/v1/admin/patients/${missingId}`, async (route) => {
    if (answered) return void held.push(route);
    answered = true;
    await route.continue();
  });
  await page.goto(`/navigator/patients/${missingId}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Patient not found' });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(
    'Patient not found\nNo patient has this address. Open them from the work queue.',
  );
  await Promise.all(held.map((route) => route.abort()));
  expect(pageErrors).toEqual([]);
  await context.close();
});

for (const viewport of ['desktop', 'phone'] as const) {
  test(`an admin sees queue health and retries a job that failed while SMTP was down (${viewport})`, async () => {
    const patient = await newPatientWithApplications(api, [], { firstName: 'Quinn' });
    const admin = await newNavigator(stack, api, 'ADMIN');
    const jobId = await enqueuePasswordChangedEmail(stack, patient.id);
    await eventually(async () => {
      const jobs = (await api.get('/admin/queues/email/jobs?state=failed', admin.token)).body.data.jobs as {
        id: string;
      }[];
      return jobs.some((j) => j.id === jobId);
    }, 'the email job to fail');

    const { page, context, pageErrors } = await newPage(browser, viewport, stack.baseUrl);
    await logInThroughUi(page, viewport, admin.email);
    await page.waitForURL('**/navigator');
    await page.getByRole('link', { name: 'Queue health' }).click();
    await page.getByRole('heading', { name: 'Queue health' }).waitFor();
    const email = page.getByRole('group', { name: 'Email queue' });
    await email.getByText(/\d+ failed/).waitFor();
    for (const name of ['Applications queue', 'Timers queue', 'Billing queue'])
      await page.getByRole('group', { name }).waitFor();

    // Failed jobs of the first queue (email) are listed: name, id, reason; no patient data.
    await page.getByRole('heading', { name: 'Failed jobs on Email' }).waitFor();
    const row = page.locator(`[data-job-id="${jobId}"]`);
    await row.getByText('user.password_changed').waitFor();
    await row.getByText(/Service not available/).waitFor();
    expect(await row.textContent()).not.toContain(patient.id);
    await screenshot(page, 'queue-health');

    // SMTP is back: the retry sends the email.
    const smtpPort = smtpDown!.port;
    await smtpDown!.close();
    smtpDown = undefined;
    smtp = await startMailCatcher({ smtpPort, httpPort: null });
    await row.getByRole('button', { name: `Retry user.password_changed job ${jobId}` }).click();
    await page.getByText('Job queued for another attempt').waitFor();
    await smtp.waitFor((m) => m.to.includes(patient.email));
    await row.waitFor({ state: 'detached' });

    await page.getByLabel('State').selectOption('completed');
    await page.getByRole('heading', { name: 'Completed jobs on Email' }).waitFor();
    await page.locator(`[data-job-id="${jobId}"]`).getByText('2 attempts', { exact: false }).waitFor();
    await fullShot(page, 'queue-health-retried');
    expect(pageErrors).toEqual([]);
    await context.close();
    // SMTP goes down again for the next run.
    await smtp.close();
    smtp = undefined;
    smtpDown = await startDownSmtp(smtpPort);
  });
}
