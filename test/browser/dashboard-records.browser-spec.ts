import type { Locator, Page } from 'playwright-core';
import { eventually } from '../support/billing';
import {
  clearOf,
  settledToast,
  toast,
  useStackAndBrowser,
  newPage,
  screenshot,
  type ViewportName,
} from './support/browser';
import { createNavigator, createPatient, openDashboard } from './support/patient';
import { logInThroughUi } from './support/navigator';
import { expectAccessible } from './support/a11y';

const ctx = useStackAndBrowser();

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

describe.each<ViewportName>(['desktop', 'phone'])('dashboard (%s)', (viewport) => {
  test('header, welcome line, cards and the resend of the verification email', async () => {
    const patient = await createPatient(ctx.stack, {
      tier: 'DIY_INSTRUCTIONS',
      doctors: [{ firstName: 'Ana', lastName: 'Reyes', specialty: 'Cardiology', doctorAddress: '1 Main St' }],
      prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
      insurances: [{ provider: 'Aetna' }],
    });
    const { page, context, pageErrors } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await openDashboard(page, patient);
    const main = page.locator('main');
    expect(await main.innerText()).toMatch(/Email Verified\s*No/);
    await main.getByText(patient.email).waitFor();
    for (const title of [
      'Profile',
      'Insurance Info',
      'Doctors Info',
      'Prescriptions',
      'Update Documents',
      'Need Help?',
    ]) {
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
    }
    await main.getByText('Aetna', { exact: true }).waitFor();
    await main.getByText('Dr. Ana Reyes').waitFor();
    // The application the worker opens for the prescription appears on its own (live).
    await page.getByRole('button', { name: /Eliquis application: Intake/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Your applications' }).waitFor();
    await screenshot(page, 'dashboard-overview');

    if (viewport === 'phone') {
      expect(await page.getByRole('button', { name: 'Billing' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).waitFor();
      await screenshot(page, 'dashboard-side-menu', { fullPage: false });
      await page.getByRole('button', { name: 'Close menu' }).first().click();
    }

    await main.getByRole('button', { name: 'Resend verification email' }).click();
    await toast(page, 'Verification email sent successfully! Check your inbox.').waitFor();
    await ctx.stack.mail.waitFor((m) => m.to.includes(patient.email) && /verify-email\?token=/.test(m.text), 20_000);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

test('a stored session reads the first screen beside its profile check, and renews an expiring token before any read', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  // The profile's answer is held until the applications have been asked for: were the first screen's
  // reads waiting on the profile, the dashboard would never show (docs/architecture.md §1, What loads first).
  let applicationsAsked!: () => void;
  const asked = new Promise<void>((resolve) => (applicationsAsked = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/applications') applicationsAsked();
  });
  await page.route('**/api/v1/users/profile', async (route) => {
    await asked;
    await route.continue();
  });
  await openDashboard(page, patient);
  await page.getByRole('heading', { level: 2, name: 'Prescriptions', exact: true }).waitFor();
  await page.unroute('**/api/v1/users/profile');

  // A token about to expire is renewed first: no read goes out with it. A new tab, with the old one
  // closed, so that nothing the first tab still asks for (a live update's refetch) joins the list;
  // the expiry is written by the new document itself before the app's scripts run, as openDashboard does.
  await page.close();
  const next = await context.newPage();
  next.on('pageerror', (e) => pageErrors.push(e.message));
  await next.addInitScript(() => localStorage.setItem('authTokenExpiresAt', String(Date.now() + 1000)));
  const order: string[] = [];
  next.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (['/api/v1/auth/refresh', '/api/v1/applications', '/api/v1/users/profile'].includes(path)) order.push(path);
  });
  await next.goto('/dashboard');
  await next.getByRole('heading', { level: 2, name: 'Prescriptions', exact: true }).waitFor();
  expect(order[0]).toBe('/api/v1/auth/refresh');
  expect(order).toContain('/api/v1/applications');
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('personal details: validation, no changes, save with lowercase-hyphenated values, and a failed save', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    gender: 'Prefer not to say',
    maritalStatus: 'Married',
  });
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const d = dialogNamed(page, 'Personal details');
  await d.getByLabel('First name').waitFor();
  expect(await d.getByLabel('Gender').inputValue()).toBe('prefer-not-to-say');
  expect(await d.getByLabel('Marital status').inputValue()).toBe('married');
  expect(await d.getByLabel('Street address').inputValue()).toBe('12 Oak Street');
  expect(await d.getByLabel('ZIP code').inputValue()).toBe('62701');
  await screenshot(page, 'profile-dialog', { fullPage: false });

  // Nothing changed: nothing is sent.
  const puts: string[] = [];
  page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await d.getByText('No changes were made to save.').waitFor();
  expect(puts).toEqual([]);

  // The form's own rules.
  await d.getByLabel('ZIP code').fill('123');
  await d.getByLabel('Phone').fill('0123');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await d.getByText('Please enter a 5-digit ZIP code').waitFor();
  await d.getByText('Please enter a valid phone number').waitFor();
  // The form moves the focus to the first invalid field, at once and again on its next task
  // (react-hook-form): both must be done before typing elsewhere, or the second takes the typing
  // (the ZIP code's text once went into Phone).
  const phone = await d.getByLabel('Phone').elementHandle();
  await page.waitForFunction((field) => document.activeElement === field, phone);
  await page.evaluate(() => new Promise((done) => setTimeout(done)));

  // A network failure: SPEC's fallback text.
  await d.getByLabel('ZIP code').fill('62702');
  await d.getByLabel('Phone').fill('(555) 987-6543');
  await d.getByLabel('First name').fill('Mariana');
  await d.getByLabel('Gender').selectOption({ label: 'Female' });
  await d.getByLabel('Marital status').selectOption({ label: 'Widowed' });
  await page.route('**/api/v1/users/profile', (route) =>
    route.request().method() === 'PUT' ? route.abort() : route.continue(),
  );
  const aborted = page.waitForEvent('requestfailed', (r) => r.method() === 'PUT' && r.url().endsWith('/users/profile'));
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await aborted;
  await toast(page, 'Update Failed').waitFor();
  await toast(page, 'Failed to update your profile. Please try again.').waitFor();
  await page.unroute('**/api/v1/users/profile');

  const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/users/profile'));
  await d.getByRole('button', { name: 'Save Changes' }).click();
  const body = JSON.parse((await sent).postData()!);
  // The whole profile, under the server's names (docs/product.md §7.6).
  expect(body).toEqual({
    firstName: 'Mariana',
    lastName: 'Lopez',
    phone: '5559876543',
    dateOfBirth: '1968-04-12',
    mailingStreet: '12 Oak Street',
    mailingCity: 'Springfield',
    mailingState: 'IL',
    mailingZip: '62702',
    gender: 'female',
    maritalStatus: 'widowed',
    preferredLanguage: 'en',
  });
  await toast(page, 'Profile Updated').waitFor();
  await page.getByRole('heading', { name: 'Welcome back, Mariana!' }).waitFor();
  const profile = await patient.api.get('/users/profile', patient.token);
  expect(profile.body.data.user).toMatchObject({
    firstName: 'Mariana',
    gender: 'female',
    maritalStatus: 'widowed',
    mailingZip: '62702',
  });
  await context.close();
}, 120_000);

test('personal details opened in a tab read long ago show what another device changed since, and keep it', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  // The dashboard read the profile; then the patient moves, on their phone.
  const moved = await patient.api.put('/users/profile', { mailingStreet: '99 Elm Avenue' }, patient.token);
  expect(moved.status).toBe(200);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const d = dialogNamed(page, 'Personal details');
  await d.getByLabel('First name').waitFor();
  expect(await d.getByLabel('Street address').inputValue()).toBe('99 Elm Avenue');
  // A typo fixed in this tab keeps the move made on the phone.
  await d.getByLabel('First name').fill('Mariana');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await d.waitFor({ state: 'detached' });
  const saved = (await patient.api.get('/users/profile', patient.token)).body.data.user;
  expect([saved.firstName, saved.mailingStreet]).toEqual(['Mariana', '99 Elm Avenue']);
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('insurance: provider required, add, delete with confirmation, and a failed delete', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  const { page, context } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Manage Insurance' }).click();
  const d = dialogNamed(page, 'Insurance information');
  await d.getByText('No insurance added yet.').waitFor();
  await d.getByRole('button', { name: 'Add Insurance' }).click();
  await toast(page, 'Provider Required').waitFor();
  await toast(page, 'Please select an insurance provider.').waitFor();

  await d.getByLabel('Insurance provider').selectOption('Medicare');
  await d.getByRole('button', { name: 'Add Insurance' }).click();
  await toast(page, 'Insurance Added').waitFor();
  await d.getByRole('list', { name: 'Your insurance plans' }).getByText('Medicare').first().waitFor();
  await d.getByLabel('Insurance provider').selectOption('Aetna');
  await d.getByRole('button', { name: 'Add Insurance' }).click();
  await d.getByRole('list', { name: 'Your insurance plans' }).getByText('Aetna').waitFor();
  await screenshot(page, 'insurance-dialog', { fullPage: false });

  // Delete asks first; Cancel keeps it.
  await d.getByRole('button', { name: 'Delete Medicare' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this insurance?' });
  await screenshot(page, 'insurance-delete-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await d.getByRole('button', { name: 'Delete Medicare' }).click();
  await confirm.getByRole('button', { name: 'Delete insurance' }).click();
  await toast(page, 'Insurance Deleted').waitFor();
  await d.getByRole('button', { name: 'Delete Medicare' }).waitFor({ state: 'detached' });

  // Removed meanwhile in another session: the delete fails with the server's message.
  const list = await patient.api.get('/insurance', patient.token);
  const aetna = list.body.data.insurances.find((i: { provider: string }) => i.provider === 'Aetna');
  await patient.api.delete(`/insurance/${aetna.id}`, patient.token);
  await d.getByRole('button', { name: 'Delete Aetna' }).click();
  await confirm.getByRole('button', { name: 'Delete insurance' }).click();
  await toast(page, 'Error').waitFor();
  await context.close();
}, 120_000);

/** A new patient's doctors dialog, opened from the dashboard. */
async function doctorsDialog(viewport: ViewportName) {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Manage Doctors' }).click();
  return { patient, page, context, d: dialogNamed(page, 'Healthcare providers') };
}

test('a saved doctor keeps the focus on its Save, which a toast leaves clear on a phone (WCAG 2.4.11)', async () => {
  const { page, context, d } = await doctorsDialog('phone');
  const row = d.getByRole('form', { name: 'New doctor 1' });
  await row.getByLabel('First name').fill('Ana');
  await row.getByLabel('Last name').fill('Reyes');
  await row.getByLabel('Specialty').selectOption({ label: 'Primary Care' });
  await row.getByLabel('Address').fill('1 Main St, Springfield');
  await row.getByRole('button', { name: 'Save doctor' }).click();
  const shown = await settledToast(page, 'Doctor Created');
  // A toast spans a phone's screen: at its foot it lay over the saved row's Save button and Add
  // Doctor, the next things pressed; while a dialog is open it shows at the top (docs/product.md,
  // Everywhere).
  const saved = d.getByRole('form', { name: 'Doctor 1: Ana Reyes' });
  // The focus stays where it was: on the row's Save, now "Save changes" (not back on the dialog).
  expect(
    await saved.getByRole('button', { name: 'Save changes' }).evaluate((el) => el === document.activeElement),
  ).toBe(true);
  expect(await clearOf(saved.getByRole('button', { name: 'Save changes' }), shown)).toBe(true);
  expect(await clearOf(d.getByRole('button', { name: 'Add Doctor' }), shown)).toBe(true);
  await screenshot(page, 'doctors-saved-phone', { fullPage: false });
  await context.close();
}, 120_000);

test('doctors: editable rows, required fields, NPI digits, title-cased specialty, update, delete and a failed save', async () => {
  const { patient, page, context, d } = await doctorsDialog('desktop');

  // An empty list starts with one new row, which cannot be removed while it is the only one.
  const first = d.getByRole('form', { name: 'New doctor 1' });
  await first.waitFor();
  expect(await first.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
  await first.getByRole('button', { name: 'Save doctor' }).click();
  await toast(page, 'Missing Required Fields').waitFor();
  await first.getByText('Please fill in all required fields for this doctor.').waitFor();
  await screenshot(page, 'doctors-missing-fields', { fullPage: false });

  await first.getByLabel('First name').fill('Ana');
  await first.getByLabel('Last name').fill('Reyes');
  await first.getByLabel('Specialty').selectOption({ label: 'Primary Care' });
  expect(await first.getByLabel('Specialty').inputValue()).toBe('primary-care');
  await first.getByLabel('Address').fill('1 Main St, Springfield');
  await first.getByLabel('NPI number').pressSequentially('12-34a5678901');
  expect(await first.getByLabel('NPI number').inputValue()).toBe('1234567890');

  // A second new row can be removed locally while two rows show.
  await d.getByRole('button', { name: 'Add Doctor' }).click();
  const second = d.getByRole('form', { name: 'New doctor 2' });
  await second.getByRole('button', { name: 'Remove' }).click();
  await second.waitFor({ state: 'detached' });

  await first.getByRole('button', { name: 'Save doctor' }).click();
  await toast(page, 'Doctor Created').waitFor();
  const saved = d.getByRole('form', { name: 'Doctor 1: Ana Reyes' });
  await saved.waitFor();
  const doctors = (await patient.api.get('/doctors', patient.token)).body.data.doctors;
  expect(doctors).toEqual([
    expect.objectContaining({ firstName: 'Ana', specialty: 'Primary Care', npiNumber: '1234567890', phone: null }),
  ]);
  await screenshot(page, 'doctors-dialog', { fullPage: false });

  await saved.getByLabel('Specialty').selectOption({ label: 'Cardiology' });
  await saved.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Doctor Updated').waitFor();
  expect((await patient.api.get('/doctors', patient.token)).body.data.doctors[0].specialty).toBe('Cardiology');

  // Deleted elsewhere meanwhile: the save fails with the server's message.
  await patient.api.delete(`/doctors/${doctors[0].id}`, patient.token);
  await saved.getByLabel('Phone').fill('(555) 222-3333');
  await saved.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Error').waitFor();

  // A fresh doctor, deleted from the dialog.
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Doctors Info' }).getByText('Cardiology').waitFor();
  const api = await patient.api.post(
    '/doctors/bulk',
    [{ firstName: 'Li', lastName: 'Wong', specialty: 'Oncology', doctorAddress: '2 Elm St' }],
    patient.token,
  );
  expect(api.status).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: 'Manage Doctors' }).click();
  const wong = d.getByRole('form', { name: 'Doctor 1: Li Wong' });
  await wong.getByRole('button', { name: 'Delete doctor' }).click();
  await toast(page, 'Doctor Deleted').waitFor();
  await d.getByRole('form', { name: 'New doctor 1' }).waitFor();
  await context.close();
}, 120_000);

test('keyboard only: a deleted doctor hands the focus to the next row’s Delete, else the previous row’s, else Add Doctor (WCAG 2.4.3)', async () => {
  const doctor = (firstName: string, lastName: string) => ({
    firstName,
    lastName,
    specialty: 'Cardiology',
    doctorAddress: '1 Main St',
  });
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    doctors: [doctor('Ana', 'Reyes'), doctor('Li', 'Wong'), doctor('Sam', 'Ortiz')],
  });
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Manage Doctors' }).click();
  const d = dialogNamed(page, 'Healthcare providers');
  const deleteOf = (name: string) =>
    d.getByRole('form', { name: new RegExp(`: ${name}$`) }).getByRole('button', { name: 'Delete doctor' });
  const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);
  const names = () => d.getByRole('form').evaluateAll((forms) => forms.map((f) => f.getAttribute('aria-label')));
  const deleteByKeyboard = async (name: string) => {
    await deleteOf(name).focus();
    await page.keyboard.press('Enter');
    await deleteOf(name).waitFor({ state: 'detached' });
  };
  await d.getByRole('form', { name: /^Doctor 3: / }).waitFor();
  // The three in the dialog's order (saved together, their order is the server's).
  const [first, middle, last] = (await names()).map((name) => name!.replace(/^Doctor \d: /, ''));

  // A middle row: the next row's Delete.
  await deleteByKeyboard(middle!);
  expect(await hasFocus(deleteOf(last!))).toBe(true);
  // The last row: the previous row's Delete.
  await deleteByKeyboard(last!);
  expect(await hasFocus(deleteOf(first!))).toBe(true);
  // The only one: Add Doctor (the list starts again with a new row).
  await deleteByKeyboard(first!);
  await d.getByRole('form', { name: 'New doctor 1' }).waitFor();
  expect(await hasFocus(d.getByRole('button', { name: 'Add Doctor' }))).toBe(true);
  await context.close();
}, 120_000);

test('prescriptions: required fields, a new one closes the dialog, opens billing and sends the patient to payment', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    doctors: [{ firstName: 'Ana', lastName: 'Reyes', specialty: 'Cardiology', doctorAddress: '1 Main St' }],
  });
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Manage Prescriptions' }).click();
  const d = dialogNamed(page, 'Prescriptions');
  const row = d.getByRole('form', { name: 'New prescription 1' });
  await row.getByLabel('Medication').fill('Ozempic');
  await row.getByRole('button', { name: 'Save prescription' }).click();
  await toast(page, 'Missing Required Fields').waitFor();
  await row.getByText('Please fill in all required fields for this prescription.').waitFor();

  await row.getByLabel('Dosage').fill('0.5 mg');
  await row.getByLabel('Frequency').selectOption('Weekly');
  await row.getByLabel('Prescribing doctor').selectOption({ label: 'Dr. Ana Reyes (Cardiology)' });
  await screenshot(page, 'prescriptions-dialog', { fullPage: false });
  const popup = context.waitForEvent('page');
  await row.getByRole('button', { name: 'Save prescription' }).click();
  await toast(page, 'Prescription Created').waitFor();
  // The checkout the server asked for opens in the popup; the billing dialog shows behind it.
  const checkout = await popup;
  await checkout.waitForLoadState();
  expect(checkout.url().startsWith(ctx.stack.stripe.url)).toBe(true);
  await dialogNamed(page, 'Subscription and billing').waitFor();
  await d.waitFor({ state: 'detached' });
  await checkout.close();

  const prescriptions = (await patient.api.get('/prescriptions', patient.token)).body.data.prescriptions;
  expect(prescriptions).toEqual([
    expect.objectContaining({
      medication: 'Ozempic',
      dosage: '0.5 mg',
      frequency: 'Weekly',
      doctor: expect.objectContaining({ lastName: 'Reyes' }),
    }),
  ]);

  // Edit, then the application badge leads to its details.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Manage Prescriptions' }).click();
  const saved = d.getByRole('form', { name: 'Prescription 1: Ozempic' });
  await saved.getByLabel('Dosage').fill('1 mg');
  await saved.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Prescription Updated').waitFor();
  await saved.getByRole('button', { name: 'View application' }).click({ timeout: 15_000 });
  await dialogNamed(page, 'Ozempic application').getByText('Next step:').waitFor();
  await page.keyboard.press('Escape');

  // Delete asks first.
  await page.getByRole('button', { name: 'Manage Prescriptions' }).click();
  await saved.getByRole('button', { name: 'Delete prescription' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this prescription?' })
    .getByRole('button', { name: 'Delete prescription' })
    .click();
  await toast(page, 'Prescription Deleted').waitFor();
  await d.getByRole('form', { name: 'New prescription 1' }).waitFor();
  await eventually(
    async () => (await patient.api.get('/prescriptions', patient.token)).body.data.prescriptions.length === 0,
    'the prescription deleted',
  );
  await context.close();
}, 120_000);

test('need help: a message to support is kept, the inbox told, and a navigator marks it answered', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  const { page, context, mailtoLinks } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Contact Support' }).click();
  const d: Locator = dialogNamed(page, 'Contact support');
  await d.getByText('support@rxbridge.test').waitFor();
  await d.getByText('(800) 555-0199').waitFor();
  await d.getByRole('button', { name: 'Send Message' }).click();
  await d.getByText('Subject is required').waitFor();
  // Both fields are announced as required, the message's text area as well as the subject.
  for (const field of [d.getByLabel('Subject'), d.getByLabel('Message', { exact: true })])
    expect(await field.getAttribute('aria-required')).toBe('true');
  await screenshot(page, 'support-dialog', { fullPage: false });
  await d.getByLabel('Subject').fill('Question about Eliquis');
  await d.getByLabel('Message', { exact: true }).fill('When will my application be submitted?');
  await d.getByRole('button', { name: 'Send Message' }).click();
  await toast(page, 'Message Sent').waitFor();
  // Sent through the API, not the email app: the form is empty again and the message is listed, awaiting a reply.
  expect(await mailtoLinks()).toEqual([]);
  expect(await d.getByLabel('Subject').inputValue()).toBe('');
  const history = d.getByRole('region', { name: 'Your recent messages' });
  await history.getByText('Question about Eliquis').waitFor();
  await history.getByText('Awaiting a reply').waitFor();
  await expectAccessible(page, 'support dialog with a sent message');
  await screenshot(page, 'support-dialog-sent', { fullPage: false });
  const inbox = await ctx.stack.mail.waitFor(
    (m) => m.to.includes('support@rxbridge.test') && m.text.includes(`/navigator/patients/${patient.id}`),
  );
  expect(inbox.subject).toBe('A patient wrote to support');

  // A send that fails on the way leaves the keyboard's focus on Send (the busy button kept it), the message typed.
  const send = d.getByRole('button', { name: 'Send Message' });
  await page.route('**/api/v1/support/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await d.getByLabel('Subject').fill('Refill timing');
  await d.getByLabel('Message', { exact: true }).fill('Can the next refill come sooner?');
  await send.focus();
  await page.keyboard.press('Enter');
  await toast(page, 'Message not sent').waitFor();
  expect(await send.evaluate((b) => b === document.activeElement)).toBe(true);
  expect(await d.getByLabel('Subject').inputValue()).toBe('Refill timing');
  // Why stays in the form once the toast has gone, until the next try.
  const why = d.getByRole('form', { name: 'Message support' }).getByRole('alert');
  await why.getByText(/^Message not sent: /).waitFor();
  await toast(page, 'Message not sent').waitFor({ state: 'detached', timeout: 15_000 });
  expect(await why.innerText()).toMatch(/^Message not sent: /);
  await expectAccessible(page, 'support dialog with a message not sent');
  await page.unroute('**/api/v1/support/messages');
  await page.keyboard.press('Enter');
  await history.getByText('Refill timing').waitFor();
  await why.waitFor({ state: 'detached' });

  // The navigator finds it among the messages awaiting a reply, reads it in the record and marks it answered.
  const navigator = await createNavigator(ctx.stack);
  const staff = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(staff.page, 'desktop', navigator.email);
  await staff.page.waitForURL('**/navigator');
  await staff.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Messages' }).click();
  const awaiting = staff.page.getByRole('region', { name: '2 awaiting a reply' });
  await awaiting.getByText('Question about Eliquis').waitFor();
  await expectAccessible(staff.page, 'navigator messages');
  await screenshot(staff.page, 'navigator-messages');
  // A page past the last (an old link, a list that shrank) shows the last page in its place, never an empty one.
  await staff.page.goto('/navigator/messages?page=4');
  await awaiting.getByText('Refill timing').waitFor();
  await staff.page.waitForURL((url) => !url.searchParams.has('page'));
  await awaiting
    .getByRole('link', { name: `${patient.firstName} Lopez` })
    .first()
    .click();
  await staff.page.waitForURL(`**/navigator/patients/${patient.id}`);
  await staff.page.getByText('When will my application be submitted?').waitFor();
  await staff.page.getByText('2 awaiting a reply').waitFor();
  // By keyboard: the first answered in the console, the focus then on the next one's reply.
  const replyBox = staff.page.getByLabel('Reply to “Question about Eliquis”');
  await replyBox.fill('It goes to the program on Monday.\nWe will email you when it is sent.');
  await screenshot(staff.page, 'navigator-support-reply');
  // The reply reaches the server but its answer is lost on the way back (a proxy's 502): the record read again keeps
  // it, so the console says it was sent, never that someone else answered.
  await staff.page.route('**/api/v1/admin/support-messages/*/reply', async (route) => {
    await route.fetch();
    await route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' });
  });
  await replyBox.press('Tab');
  await staff.page.keyboard.press('Enter');
  await toast(staff.page, 'Reply sent').waitFor();
  await staff.page.unroute('**/api/v1/admin/support-messages/*/reply');
  expect(await staff.page.getByText('Answered meanwhile by another navigator', { exact: false }).count()).toBe(0);
  const next = staff.page.getByLabel('Reply to “Refill timing”');
  await staff.page.waitForFunction((el) => el === document.activeElement, await next.elementHandle());
  // Another navigator answers the second by phone while this one writes: the reply is refused, the draft kept.
  await staff.page.keyboard.type('We can ship early.');
  const other = await createNavigator(ctx.stack);
  const mine = (await patient.api.get('/support/messages', patient.token)).body.data.messages;
  const refill = mine.find((m: { subject: string }) => m.subject === 'Refill timing');
  expect((await patient.api.post(`/admin/support-messages/${refill.id}/answered`, undefined, other.token)).status).toBe(
    200,
  );
  await staff.page.keyboard.press('Tab');
  await staff.page.keyboard.press('Enter');
  await toast(staff.page, 'Reply not sent').waitFor();
  await staff.page.getByText('Answered meanwhile by another navigator: your reply was not sent.').waitFor();
  expect(await next.inputValue()).toBe('We can ship early.');
  const discard = staff.page.getByRole('button', { name: 'Discard draft' });
  await staff.page.waitForFunction((el) => el === document.activeElement, await discard.elementHandle());
  await expectAccessible(staff.page, 'a draft answered elsewhere');
  await screenshot(staff.page, 'navigator-support-draft-kept', { fullPage: false });
  await staff.page.keyboard.press('Enter');
  await next.waitFor({ state: 'detached' });
  const heading = staff.page.getByRole('heading', { name: 'Messages to support' });
  await staff.page.waitForFunction((el) => el === document.activeElement, await heading.elementHandle());
  expect(await staff.page.getByText(/^Answered /).count()).toBe(2);
  await staff.page.getByText('We will email you when it is sent.').waitFor();
  await expectAccessible(staff.page, 'answered messages in the record');
  await screenshot(staff.page, 'navigator-support-messages');
  await staff.page.getByRole('link', { name: 'Messages' }).click();
  await staff.page.getByText('No message is awaiting a reply.').waitFor();
  await staff.context.close();

  // Open again, the patient sees it answered.
  await page.keyboard.press('Escape');
  await d.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Contact Support' }).click();
  const answered = dialogNamed(page, 'Contact support').getByText(/^Answered /);
  await answered.first().waitFor();
  expect(await answered.count()).toBe(2);
  // The reply written in the console is there to read, its line breaks kept.
  const reply = dialogNamed(page, 'Contact support').getByRole('blockquote');
  expect(await reply.innerText()).toBe(
    'Our reply\nIt goes to the program on Monday.\nWe will email you when it is sent.',
  );
  await screenshot(page, 'support-dialog-answered', { fullPage: false });

  // The patient writes back about the answer by keyboard: the subject follows it, the focus goes to the message.
  const writeBack = dialogNamed(page, 'Contact support').getByRole('button', {
    name: 'Write back about Question about Eliquis',
  });
  await writeBack.focus();
  await page.keyboard.press('Enter');
  const message = d.getByLabel('Message', { exact: true });
  await page.waitForFunction((el) => el === document.activeElement, await message.elementHandle());
  expect(await d.getByLabel('Subject').inputValue()).toBe('Re: Question about Eliquis');
  await page.keyboard.type('Thank you. Which documents should I keep ready?');
  await d.getByRole('button', { name: 'Send Message' }).click();
  await toast(page, 'Message Sent').waitFor();
  await history.getByText('Re: Question about Eliquis').waitFor();
  await expectAccessible(page, 'support dialog after writing back');
  const followUps = (await patient.api.get('/support/messages', patient.token)).body.data.messages.filter(
    (m: { subject: string }) => m.subject === 'Re: Question about Eliquis',
  );
  expect(followUps).toHaveLength(1);
  expect(followUps[0]).toMatchObject({ answeredAt: null, reply: null });
  await context.close();
}, 120_000);
