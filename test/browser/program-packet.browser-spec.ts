import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { FILES } from '../support/sample-files';
import { upload } from '../records/helpers';
import { driveTo, move, newNavigator } from '../applications/helpers';
import { PAP_CATALOGUE } from '@rxbridge/domain';
import {
  askPrescriber,
  FAX_PROGRAM as PROGRAM,
  matchedByItsMedication,
  PRESCRIBER_NPI,
  readyToSend,
  signingPatient,
} from '../applications/signing-helpers';
import { newPage, screenshot, toast, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { openDashboard } from './support/patient';
import { signAsPrescriber, signingLinkIn } from './support/prescriber';

// docs/product.md §17 in Chromium: the patient signs on the dashboard, the prescriber through the mailed link, the
// navigator presses Send, the fax gateway gets the packet and the patient sees "Sent to {program} by fax" live.
const ctx = useStackAndBrowser();
const MEDICATION = PROGRAM.medications[0].brand;
const FAX = PROGRAM.application.submitTo.fax!;

/** The navigator signed in, on the patient's record, with the application's panel. */
async function navigatorDesk(email: string, patientId: string) {
  const desk = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(desk.page, 'desktop', email);
  await desk.page.waitForURL('**/navigator');
  await desk.page.goto(`/navigator/patients/${patientId}`);
  return { ...desk, panel: applicationPanel(desk.page, MEDICATION) };
}

test('from signing to "Sent by fax": the patient signs, the prescriber signs, the navigator sends', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const patient = await signingPatient(api, MEDICATION);
  const id = patient.application.id;
  // The documents came in by fax to the navigator, and the case waits for its signatures.
  for (const item of patient.application.missingDocuments)
    await api.post(`/admin/applications/${id}/documents/${item.kind}`, { status: 'RECEIVED' }, navigator.token);
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');

  // The patient signs from the application's checklist, with the keyboard.
  const home = await newPage(browser, 'desktop', stack.baseUrl);
  const p = home.page;
  await openDashboard(p, { ...patient, api, baseUrl: stack.baseUrl, checkoutUrl: null });
  await p.locator(`[aria-label="${MEDICATION} application"]`).getByRole('button', { name: 'View details' }).click();
  const details = p.getByRole('dialog', { name: `${MEDICATION} application` });
  const needed = details.getByRole('region', { name: 'What we still need from you' });
  await needed.getByText('Sign your application').waitFor();
  await expectAccessible(p, 'the application with what is still needed');
  await screenshot(p, 'patient-still-needed');
  await needed.getByRole('button', { name: 'Sign', exact: true }).click();
  const signing = p.getByRole('dialog', { name: `Sign your ${MEDICATION} application` });
  await signing.getByLabel('Full name').fill('Maria Gomez');
  await signing.getByLabel(/I certify that the information/).check();
  await signing.getByLabel('I give this HIPAA authorization.').check();
  await signing.getByRole('button', { name: 'Sign', exact: true }).click();
  await signing.getByText('Please type your own first and last name as they appear on your profile').waitFor();
  expect(await signing.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
  await screenshot(p, 'patient-signing-dialog');
  await expectAccessible(p, 'the signing dialog with its name error');
  // Closed and opened again, the dialog starts blank: consent is given afresh each time.
  await p.keyboard.press('Escape');
  await signing.waitFor({ state: 'hidden' });
  await needed.getByRole('button', { name: 'Sign', exact: true }).click();
  expect(await signing.getByLabel('Full name').inputValue()).toBe('');
  expect(await signing.getByLabel(/I certify that the information/).isChecked()).toBe(false);
  expect(await signing.getByText('Please type your own first and last name', { exact: false }).count()).toBe(0);
  await signing.getByLabel('Full name').fill('maria lopez');
  await signing.getByLabel(/I certify that the information/).check();
  await signing.getByLabel('I give this HIPAA authorization.').check();
  await signing.getByLabel('Full name').press('Enter');
  await toast(p, 'Thank you: your signature has been recorded').waitFor();
  await details.getByText('Patient signed the application').waitFor();

  // The navigator sees what is missing: the prescriber's signature.
  const desk = await navigatorDesk(navigator.email, patient.id);
  const { page: d, panel } = desk;
  const send = panel.getByRole('button', { name: `Send to program by fax (${FAX})` });
  await send.waitFor();
  expect(await send.isDisabled()).toBe(true);
  await panel.getByText('Prescriber signature', { exact: true }).waitFor();
  await screenshot(d, 'navigator-send-incomplete');
  await expectAccessible(d, 'the panel with Send disabled');

  // The prescriber signs on the page the mailed link opens, giving the patient's date of birth first (§16); the
  // navigator's panel follows live.
  const request = await askPrescriber(stack, api, navigator.token, id);
  const office = await newPage(browser, 'desktop', stack.baseUrl);
  const link = signingLinkIn(request.text);
  await signAsPrescriber(office.page, link, patient.dateOfBirth, { name: 'Grace Hopper', npi: PRESCRIBER_NPI });
  await screenshot(office.page, 'prescriber-signed-program-packet');
  await panel.getByText(/Prescriber: signed .* by Grace Hopper/).waitFor();
  // By the keyboard: once the fax is on its way the send controls go, and the focus goes to the section's heading.
  await send.focus();
  await d.keyboard.press('Enter');
  await toast(d, 'Sending to the program').waitFor();
  await send.waitFor({ state: 'detached' });
  expect(await d.evaluate(() => document.activeElement?.textContent)).toBe('Send to program');

  // The gateway receives one email with the packet; the patient's screen says it was sent, without a reload.
  const mail = await stack.mail.waitFor((m) => m.to.includes(`${FAX.slice(1)}@fax.rxbridge.local`), 30_000);
  expect(pdfText(mail.attachments[0].content)).toContain(`Fax: ${FAX}`);
  const note = `Sent to ${PROGRAM.name} by fax (${FAX})`;
  await details.getByText(note).waitFor({ timeout: 30_000 });
  await panel.getByText(/Fax to .*: Sent/).waitFor();
  await screenshot(d, 'navigator-sent');
  await expectAccessible(d, 'the panel after sending');

  // The program asks for more: a newer proof of income. The patient is asked for it live; once it came in, the
  // navigator sends the packet again from the same panel, which keeps the first fax's status.
  expect((await move(api, navigator.token, id, 'INFO_REQUESTED')).status).toBe(200);
  const [item] = patient.application.missingDocuments;
  const mark = (status: 'MISSING' | 'RECEIVED') =>
    api.post(`/admin/applications/${id}/documents/${item.kind}`, { status }, navigator.token);
  expect((await mark('MISSING')).status).toBe(200);
  await needed.getByText('Upload 1 missing document').waitFor();
  await needed.getByText('You signed your application').waitFor();
  await screenshot(p, 'patient-asked-again');
  await expectAccessible(p, 'the application the program asked more of');
  expect((await mark('RECEIVED')).status).toBe(200);
  const sendAgain = panel.locator('button:enabled', { hasText: `Send to program by fax (${FAX})` });
  await sendAgain.waitFor();
  await panel.getByText(/Fax to .*: Sent/).waitFor();
  await screenshot(d, 'navigator-send-again');
  await sendAgain.click();
  await toast(d, 'Sending to the program').waitFor();
  const faxes = () => stack.mail.messages().filter((m) => m.to.includes(`${FAX.slice(1)}@fax.rxbridge.local`));
  await stack.mail.waitFor(() => faxes().length === 2, 30_000);
  await details.getByText(note).nth(1).waitFor({ timeout: 30_000 });
  expect([...home.pageErrors, ...desk.pageErrors, ...office.pageErrors]).toEqual([]);
  for (const t of [home, desk, office]) await t.context.close();
}, 360_000);

/** A packet with nothing missing, awaiting the prescriber, open on a navigator's desk; the faxes the gateway got. */
async function readyOnDesk() {
  const { stack } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');
  const desk = await navigatorDesk(navigator.email, patient.id);
  const faxes = () => stack.mail.messages().filter((m) => m.to.includes(`${FAX.slice(1)}@fax.rxbridge.local`));
  return { api, id, desk, faxes };
}

test('a fax the gateway refused: its reason and Retry, the portal still there, and Retry sends it', async () => {
  const { stack } = ctx;
  const { desk, faxes } = await readyOnDesk();
  const { page: d, panel } = desk;
  const before = faxes().length;

  // The gateway turns the number down: the panel says Failed with the reason, offers Retry in place of a second
  // Send button, and keeps the portal's field (the packet is still in hand, docs/product.md §17).
  stack.mail.refuseDomains(['fax.rxbridge.local']);
  try {
    await panel.getByRole('button', { name: `Send to program by fax (${FAX})` }).click();
    await panel.getByText(/Fax to .*: Failed/).waitFor({ timeout: 30_000 });
  } finally {
    stack.mail.refuseDomains([]);
  }
  await panel.getByText(/refused by the gateway/).waitFor();
  const retry = panel.getByRole('button', { name: 'Retry', exact: true });
  await retry.waitFor();
  expect(await panel.getByRole('button', { name: /^Send to program/ }).count()).toBe(0);
  await panel.getByRole('button', { name: 'Record portal submission' }).waitFor();
  await screenshot(d, 'navigator-fax-failed');
  await expectAccessible(d, 'the panel with a failed fax');

  await retry.focus();
  await d.keyboard.press('Enter');
  await toast(d, 'Sending to the program').waitFor();
  await panel.getByText(/Fax to .*: Sent/).waitFor({ timeout: 30_000 });
  // Retry went with the failure: the focus is on the section's heading, not the page's start.
  expect(await d.evaluate(() => document.activeElement?.textContent)).toBe('Send to program');
  expect(faxes()).toHaveLength(before + 1);
  expect(await panel.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
  expect(desk.pageErrors).toEqual([]);
  await desk.context.close();
}, 180_000);

test('a send a colleague beat by moments: its refusal is told in a toast, though the send controls went meanwhile', async () => {
  const { api, id, desk, faxes } = await readyOnDesk();
  const colleague = await newNavigator(ctx.stack, api);
  const { page: d, panel } = desk;
  const before = faxes().length;

  // This navigator's Send is slow on its way; meanwhile the colleague records a portal submission.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const sending = new Promise<void>((resolve) => (asked = resolve));
  await d.route(`**/api/v1/admin/applications/${id}/submissions`, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  const send = panel.getByRole('button', { name: `Send to program by fax (${FAX})` });
  await send.click();
  await sending;
  const theirs = await api.post(
    `/admin/applications/${id}/submissions`,
    { channel: 'PORTAL', reference: 'PX-7' },
    colleague.token,
  );
  expect(theirs.status).toBe(202);
  // The console hears of it live: the packet is no longer in hand, so the send controls go.
  await panel.getByText('Portal submission (ref PX-7)', { exact: false }).waitFor();
  await send.waitFor({ state: 'detached' });

  release();
  const refusal = toast(d, 'Not sent');
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain(`${MEDICATION}: This application was already sent to its program`);
  await screenshot(d, 'navigator-send-beaten');
  expect(faxes()).toHaveLength(before);
  expect(desk.pageErrors).toEqual([]);
  await desk.context.close();
}, 180_000);

test('where the program ships to home or office, the patient chooses first and signs after: the signature stays current', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const program = PAP_CATALOGUE.find((p) => matchedByItsMedication(p) && p.application.shipTo.length > 1)!;
  const medication = program.medications[0].brand;
  const patient = await signingPatient(api, medication);
  const { page: p, context, pageErrors } = await newPage(browser, 'desktop', stack.baseUrl);
  await openDashboard(p, { ...patient, api, baseUrl: stack.baseUrl, checkoutUrl: null });
  await p.locator(`[aria-label="${medication} application"]`).getByRole('button', { name: 'View details' }).click();
  const details = p.getByRole('dialog', { name: `${medication} application` });
  const needed = details.getByRole('region', { name: 'What we still need from you' });

  // Where it ships is a fact the signatures cover (docs/product.md §17): it is asked first, and Sign waits for it.
  await needed.getByText('Choose where your medication ships').waitFor();
  expect(await needed.locator('li').first().innerText()).toContain('Choose where your medication ships');
  await needed.getByText('Sign your application once you have chosen where it ships').waitFor();
  expect(await needed.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);
  await expectAccessible(p, 'the ship-to choice before signing');
  await screenshot(p, 'patient-ship-to-first');

  await needed.getByLabel('Patient’s home').check();
  await needed.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(p, 'Shipping choice saved').waitFor();
  await needed.getByText('Ships to: Patient’s home').waitFor();
  await needed.getByRole('button', { name: 'Sign', exact: true }).click();
  const signing = p.getByRole('dialog', { name: `Sign your ${medication} application` });
  await signing.getByLabel('Full name').fill('Maria Lopez');
  await signing.getByLabel(/I certify that the information/).check();
  await signing.getByLabel('I give this HIPAA authorization.').check();
  await signing.getByRole('button', { name: 'Sign', exact: true }).click();
  await toast(p, 'Thank you: your signature has been recorded').waitFor();
  await needed.getByText('You signed your application').waitFor();
  expect(await needed.getByText('Sign again', { exact: false }).count()).toBe(0);
  const [application] = (await api.get('/applications', patient.token)).body.data.applications;
  expect({ shipTo: application.shipTo, signed: application.signatures.patient?.current }).toEqual({
    shipTo: 'PATIENT_HOME',
    signed: true,
  });
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('a Word document on the checklist: the navigator reads it cannot be faxed, the patient uploads it again as a PNG', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');
  const [item] = patient.application.missingDocuments;
  const word = await upload(stack, patient.token, { bytes: FILES.docx, name: 'income.docx', title: item.label });
  const body = { kind: item.kind, documentId: word.body.data.document.id };
  expect((await api.post(`/applications/${id}/documents`, body, patient.token)).status).toBe(201);

  // The panel lists it among what is missing (docs/product.md §17), and Send stays disabled.
  const desk = await navigatorDesk(navigator.email, patient.id);
  const { page: d, panel } = desk;
  const send = panel.getByRole('button', { name: `Send to program by fax (${FAX})` });
  await panel.getByText(`${item.label} cannot be faxed: ask the patient to upload it as a PDF, JPEG or PNG`).waitFor();
  expect(await send.isDisabled()).toBe(true);
  await screenshot(d, 'navigator-send-unfaxable');
  await expectAccessible(d, 'the panel with a document that cannot be faxed');

  // The patient is asked for it again, and why; the item takes a new file in its place.
  const home = await newPage(browser, 'desktop', stack.baseUrl);
  const p = home.page;
  await openDashboard(p, { ...patient, api, baseUrl: stack.baseUrl, checkoutUrl: null });
  await p.locator(`[aria-label="${MEDICATION} application"]`).getByRole('button', { name: 'View details' }).click();
  const details = p.getByRole('dialog', { name: `${MEDICATION} application` });
  const needed = details.getByRole('region', { name: 'What we still need from you' });
  await needed.getByText('Upload 1 missing document').waitFor();
  await needed
    .getByText(`${item.label}: your file can’t be faxed to the program. Please upload it again as a PDF, JPEG or PNG.`)
    .waitFor();
  await details
    .getByText('This file can’t be faxed to the program. Please upload it again as a PDF, JPEG or PNG.')
    .waitFor();
  await screenshot(p, 'patient-document-unfaxable');
  await details.getByRole('button', { name: `Upload ${item.label}` }).scrollIntoViewIfNeeded();
  await screenshot(p, 'patient-document-unfaxable-checklist');
  await expectAccessible(p, 'the application asking again for a file the fax cannot carry');
  await details
    .getByLabel(`File for ${item.label}`)
    .setInputFiles({ name: 'income.png', mimeType: 'image/png', buffer: FILES.png });
  await toast(p, 'Document added to your application').waitFor();
  // Nothing is left to ask of the patient: the list goes, and the item no longer says it cannot be faxed.
  await needed.waitFor({ state: 'detached' });
  expect(await details.getByText('This file can’t be faxed', { exact: false }).count()).toBe(0);

  // The navigator's panel follows: Send is offered, and the fax goes with the PNG.
  const faxes = () =>
    stack.mail
      .messages()
      .filter((m) => m.to.includes(`${FAX.slice(1)}@fax.rxbridge.local`) && m.subject.includes(id.slice(0, 8)));
  await panel.locator('button:enabled', { hasText: `Send to program by fax (${FAX})` }).click();
  await toast(d, 'Sending to the program').waitFor();
  await panel.getByText(/Fax to .*: Sent/).waitFor({ timeout: 30_000 });
  expect(faxes()).toHaveLength(1);
  expect([...home.pageErrors, ...desk.pageErrors]).toEqual([]);
  for (const t of [home, desk]) await t.context.close();
}, 180_000);
