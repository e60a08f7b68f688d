import { apiClient } from '../support/http';
import { newNavigator, waitForApplications } from '../applications/helpers';
import { newPage, screenshot, toast, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { createPatient, openDashboard } from './support/patient';

const ctx = useStackAndBrowser();
const NPI = '1234567893';

test('the whole sign-off through the mailed link: requested by a navigator, signed on a phone, seen live by the patient', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const patient = await createPatient(stack, {
    firstName: 'Rosa',
    lastName: 'Alvarez',
    prescriptions: [{ medication: 'Tradjenta', dosage: '5 mg', frequency: 'Once daily' }],
  });
  await waitForApplications(api, patient.token, 1);
  const navigator = await newNavigator(stack, api);
  const email = `dr.${Date.now().toString(36)}@clinic.test`;

  // The patient watches the application's details.
  const home = await newPage(browser, 'desktop', stack.baseUrl);
  const p = home.page;
  await openDashboard(p, patient);
  await p.locator('[aria-label="Tradjenta application"]').getByRole('button', { name: 'View details' }).click();
  const details = p.getByRole('dialog', { name: 'Tradjenta application' });
  await details.getByRole('button', { name: 'Download packet' }).waitFor();

  // The navigator requests the signature from the patient's record, with the keyboard.
  const desk = await newPage(browser, 'desktop', stack.baseUrl);
  const d = desk.page;
  await logInThroughUi(d, 'desktop', navigator.email);
  await d.waitForURL('**/navigator');
  await d.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(d, 'Tradjenta');
  await panel.getByRole('button', { name: 'Download packet' }).waitFor();
  await panel.getByLabel('Prescriber’s email for Tradjenta').fill(email);
  await d.keyboard.press('Enter');
  await toast(d, `Signature request sent to ${email}`).waitFor();
  await details.getByText(`Prescriber signature requested from ${email}`).waitFor();

  // The mail arrives; the prescriber opens its link on a phone, without an account.
  const mail = await stack.mail.waitFor((m) => m.to.includes(email));
  const link = /(http\S+\/prescriber\/sign\?token=\S+)/.exec(mail.text)![1];
  const phone = await newPage(browser, 'phone', stack.baseUrl);
  const s = phone.page;
  await s.goto(link);
  await s.getByRole('heading', { name: 'Prescriber signature' }).waitFor();
  await s.getByText('Rosa Alvarez').waitFor();
  await s.getByText('Tradjenta').first().waitFor();
  await s.getByText('5 mg').waitFor();
  await s.getByText('Once daily').waitFor();
  await s.getByRole('button', { name: 'Read the packet (PDF)' }).waitFor();
  await expectAccessible(s, 'the signing page (phone)');

  await s.getByLabel('Full name').fill('Grace Hopper');
  await s.getByLabel('NPI (10 digits)').fill('1234567890');
  await s.getByLabel(/I certify/).check();
  await s.getByRole('button', { name: 'Sign' }).click();
  await s.getByText('NPI 1234567890 is not a valid National Provider Identifier: please check the number.').waitFor();
  expect(await s.getByLabel('NPI (10 digits)').getAttribute('aria-invalid')).toBe('true');
  await expectAccessible(s, 'the signing page with its NPI error');
  await s.getByLabel('NPI (10 digits)').fill(NPI);
  await s.getByRole('button', { name: 'Sign' }).click();
  await s.getByRole('status').getByText('Signed').waitFor();
  await screenshot(s, 'prescriber-signed');
  await expectAccessible(s, 'the signing page, signed');

  // The patient sees it live, without a reload.
  await details.getByText(`Prescriber signed: Grace Hopper, NPI ${NPI}`).waitFor();

  // The link works once: opened again, the page says so.
  await s.goto(link);
  await s.getByText('This link can no longer be used').waitFor();
  await s.getByText(/expired or was already used/).waitFor();
  await expectAccessible(s, 'the signing page of a used link');
  expect([...home.pageErrors, ...desk.pageErrors, ...phone.pageErrors]).toEqual([]);
  for (const t of [home, desk, phone]) await t.context.close();
});
