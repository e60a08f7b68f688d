import { PAP_CATALOGUE } from '@rxbridge/domain';
import { PRESCRIBER_MESSAGES } from '@rxbridge/contracts';
import { apiClient } from '../support/http';
import { driveTo, newNavigator, waitForApplications } from '../applications/helpers';
import { newPage, screenshot, toast, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { createPatient, openDashboard } from './support/patient';
import { confirmDateOfBirth, fillAndSign, openSigningLink, signingLinkIn } from './support/prescriber';

const ctx = useStackAndBrowser();
const NPI = '1234567893';
const DATE_OF_BIRTH = '1968-04-12'; // the factories' patient's

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

  // The mail arrives; the prescriber opens its link on a phone, without an account. The token leaves the address
  // bar at once, and nothing about the patient shows before their date of birth is given.
  const mail = await stack.mail.waitFor((m) => m.to.includes(email));
  const link = signingLinkIn(mail.text);
  const phone = await newPage(browser, 'phone', stack.baseUrl);
  const s = phone.page;
  await openSigningLink(s, link);
  expect(new URL(s.url()).pathname).toBe('/prescriber/sign');
  expect(s.url()).not.toContain('token');
  await s.getByLabel('Patient’s date of birth').waitFor();
  expect(await s.locator('main').innerText()).not.toMatch(/Rosa|Alvarez|Tradjenta|5 mg/);
  await expectAccessible(s, 'the signing page asking for the date of birth (phone)');
  await confirmDateOfBirth(s, '1968-04-13');
  await s.getByText('This date of birth does not match the patient’s').waitFor();
  expect(await s.getByLabel('Patient’s date of birth').getAttribute('aria-invalid')).toBe('true');
  expect(await s.locator('main').innerText()).not.toMatch(/Rosa|Alvarez|Tradjenta|5 mg/);
  await screenshot(s, 'prescriber-wrong-date-of-birth');
  await expectAccessible(s, 'the signing page with a wrong date of birth');
  await confirmDateOfBirth(s, DATE_OF_BIRTH);
  await s.getByText('Rosa Alvarez').waitFor();
  await s.getByText('Tradjenta').first().waitFor();
  await s.getByText('5 mg').waitFor();
  await s.getByText('Once daily').waitFor();
  await s.getByRole('button', { name: 'Read the packet (PDF)' }).waitFor();
  await screenshot(s, 'prescriber-details');
  await expectAccessible(s, 'the signing page (phone)');

  await fillAndSign(s, { name: 'Grace Hopper', npi: '1234567890' });
  await s.getByText('NPI 1234567890 is not a valid National Provider Identifier: please check the number.').waitFor();
  expect(await s.getByLabel('NPI (10 digits)').getAttribute('aria-invalid')).toBe('true');
  await expectAccessible(s, 'the signing page with its NPI error');
  await fillAndSign(s, { name: 'Grace Hopper', npi: NPI });
  await s.getByRole('status').getByText('Signed').waitFor();
  await screenshot(s, 'prescriber-signed');
  await expectAccessible(s, 'the signing page, signed');

  // The patient sees it live, without a reload.
  await details.getByText(`Prescriber signed: Grace Hopper, NPI ${NPI}`).waitFor();

  // The link works once: opened again, the page says so before asking anything.
  await openSigningLink(s, link);
  await s.getByText('This link can no longer be used').waitFor();
  expect(await s.getByLabel('Patient’s date of birth').count()).toBe(0);
  await s.getByText(/expired or was already used/).waitFor();
  await expectAccessible(s, 'the signing page of a used link');
  expect([...home.pageErrors, ...desk.pageErrors, ...phone.pageErrors]).toEqual([]);
  for (const t of [home, desk, phone]) await t.context.close();
}, 180_000);

/** A patient's Tradjenta application (set to `programId` when given) and the signing link a navigator requested. */
async function requestedLink(name: string, programId?: string) {
  const { stack } = ctx;
  const api = apiClient(stack.apiUrl);
  const patient = await createPatient(stack, {
    prescriptions: [{ medication: 'Tradjenta', dosage: '5 mg', frequency: 'Once daily' }],
  });
  const [application] = await waitForApplications(api, patient.token, 1);
  const navigator = await newNavigator(stack, api);
  if (programId) {
    const moved = await api.put(`/admin/applications/${application.id}/program`, { programId }, navigator.token);
    expect(moved.status).toBe(200);
  }
  const email = `dr.${name}.${Date.now().toString(36)}@clinic.test`;
  const requested = await api.post(
    `/admin/applications/${application.id}/prescriber-requests`,
    { email },
    navigator.token,
  );
  expect(requested.status).toBe(201);
  const link = signingLinkIn((await stack.mail.waitFor((m) => m.to.includes(email))).text);
  return { api, navigator, patient, application, link };
}

// The program's `application.prescriberFields` decide which identifiers the page asks for (docs/product.md §16).
const asking = PAP_CATALOGUE.find((p) => p.application.prescriberFields.some((f) => f !== 'NPI'));
(asking ? test : test.skip)(
  'asks for the identifiers the program requires, with the keyboard',
  async () => {
    const { stack, browser } = ctx;
    const { link } = await requestedLink('ids', asking!.id);

    const phone = await newPage(browser, 'phone', stack.baseUrl);
    const s = phone.page;
    await openSigningLink(s, link);
    await confirmDateOfBirth(s, DATE_OF_BIRTH);
    await fillAndSign(s, { name: 'Grace Hopper', npi: NPI });
    const required = asking!.application.prescriberFields;
    const labels = [
      ...(required.includes('LICENSE') ? ['State license number', 'License state'] : []),
      ...(required.includes('DEA') ? ['DEA number'] : []),
      ...(required.includes('TAX_ID') ? ['Tax ID (EIN)'] : []),
    ];
    // Each one the program requires is refused and marked under its field.
    for (const label of labels) await s.getByLabel(label).and(s.locator('[aria-invalid="true"]')).waitFor();
    await screenshot(s, 'prescriber-identifiers-missing', { fullPage: true });
    await expectAccessible(s, 'the signing page asking for the identifiers');
    await fillAndSign(s, {
      name: 'Grace Hopper',
      npi: NPI,
      ...(required.includes('LICENSE') && { licenseNumber: 'MD-48213', licenseState: 'IL' }),
      ...(required.includes('DEA') && { deaNumber: 'ab1234563' }),
      ...(required.includes('TAX_ID') && { taxId: '12-3456789' }),
    });
    await s.getByRole('status').getByText('Signed').waitFor();
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  },
  120_000,
);

test('a link whose packet went to the program tells the prescriber, once the date of birth matched, that no signature is needed', async () => {
  const { stack, browser } = ctx;
  const { api, navigator, application, link } = await requestedLink('sent');
  // Sent meanwhile (by the navigator's portal, say): the packet is no longer open (docs/product.md §16, §17).
  await driveTo(api, navigator.token, application.id, 'SUBMITTED');

  const phone = await newPage(browser, 'phone', stack.baseUrl);
  const s = phone.page;
  await openSigningLink(s, link);
  await confirmDateOfBirth(s, DATE_OF_BIRTH);
  const note = s.getByRole('status');
  await note.getByText('No signature needed').waitFor();
  await note.getByText('An application in Submitted needs no prescriber signature now.').waitFor();
  expect(await s.getByLabel('Patient’s date of birth').count()).toBe(0);
  expect(await s.getByRole('button', { name: 'Read the packet (PDF)' }).count()).toBe(0);
  expect(await s.locator('main').innerText()).not.toMatch(/Tradjenta|5 mg/);
  await screenshot(s, 'prescriber-packet-sent');
  await expectAccessible(s, 'the signing page of a packet already sent');
  expect(phone.pageErrors).toEqual([]);
  await phone.context.close();
}, 120_000);

test('facts changed while the page was open: the signature is refused, the details shown again, then signed', async () => {
  const { stack, browser } = ctx;
  const { api, patient, link } = await requestedLink('changed');
  const phone = await newPage(browser, 'phone', stack.baseUrl);
  const s = phone.page;
  await openSigningLink(s, link);
  await confirmDateOfBirth(s, DATE_OF_BIRTH);
  await s.getByText('5 mg').waitFor();

  // The patient changes the dosage meanwhile: what the prescriber read is no longer what they would sign.
  const [rx] = (await api.get('/prescriptions', patient.token)).body.data.prescriptions;
  const { id: _id, ...fields } = rx;
  expect((await api.put(`/prescriptions/${rx.id}`, { ...fields, dosage: '10 mg' }, patient.token)).status).toBe(200);
  await fillAndSign(s, { name: 'Grace Hopper', npi: NPI });
  await s.getByRole('alert').getByText(PRESCRIBER_MESSAGES.factsChanged).waitFor();
  await s.getByText('10 mg').waitFor();
  expect(await s.getByLabel('Full name').inputValue()).toBe('Grace Hopper');
  expect(await s.getByLabel(/I certify/).isChecked()).toBe(false);
  await screenshot(s, 'prescriber-facts-changed');
  await expectAccessible(s, 'the signing page after the facts changed');

  await fillAndSign(s, { name: 'Grace Hopper', npi: NPI });
  await s.getByRole('status').getByText('Signed').waitFor();
  expect(phone.pageErrors).toEqual([]);
  await phone.context.close();
}, 120_000);

test('the patient’s date of birth corrected while the page was open: Sign says why it was refused', async () => {
  const { stack, browser } = ctx;
  const { api, patient, link } = await requestedLink('birth');
  const phone = await newPage(browser, 'phone', stack.baseUrl);
  const s = phone.page;
  await openSigningLink(s, link);
  await confirmDateOfBirth(s, DATE_OF_BIRTH);
  await s.getByText('5 mg').waitFor();

  // The patient corrects their date of birth: the one the prescriber gave no longer matches.
  expect((await api.put('/users/profile', { dateOfBirth: '1968-04-13' }, patient.token)).status).toBe(200);
  await fillAndSign(s, { name: 'Grace Hopper', npi: NPI });
  await s.getByRole('alert').getByText(PRESCRIBER_MESSAGES.dateOfBirthMismatch).waitFor();
  await expectAccessible(s, 'the signing page refused for the date of birth');
  expect(phone.pageErrors).toEqual([]);
  await phone.context.close();
}, 120_000);
