import { DOCUMENT_KINDS, documentLabel } from '@rxbridge/domain';
import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { driveTo, move, newNavigator, newPatientWithApplications } from '../applications/helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { openDashboard } from './support/patient';

// docs/product.md §5, §8: the program came back for a document the checklist lacks; the navigator asks for it from
// the console, with a note, and the patient finds it on their dashboard, missing, with the note beside it.
const ctx = useStackAndBrowser();
const DENIED = 'Denialumab';
const CANCELLED = 'Cancelomab';
const RACED = 'Racetinib';
const LAST = 'Ultimavir';
const SWAPPED = 'Swaptinib';
const NOTE = 'The program needs the letter your insurer sent when it refused to cover this medication.';

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

test('a navigator requests a denial letter with a note; the patient sees it missing with the note', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const colleague = await newNavigator(stack, api);
  // No insurance on file: the default checklist does not ask for a denial letter.
  const patient = await newPatientWithApplications(api, [DENIED, CANCELLED, RACED], { firstName: 'Dana' });
  const idOf = (medication: string) => patient.applications.find((a) => a.medication === medication)!.id;
  expect(patient.applications.find((a) => a.medication === DENIED)!.documents.map((d) => d.kind)).not.toContain(
    'DENIAL_LETTER',
  );
  await driveTo(api, navigator.token, idOf(DENIED), 'DENIED');
  await driveTo(api, navigator.token, idOf(CANCELLED), 'CANCELLED');

  const { page, pageErrors } = await newPage(browser, 'desktop', stack.baseUrl);
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(page, DENIED);
  await panel.getByRole('heading', { name: 'Request another document' }).waitFor();

  // A cancelled case's checklist can no longer change: no control on it.
  await applicationPanel(page, CANCELLED).getByText('Cancelled is final').waitFor();
  expect(await applicationPanel(page, CANCELLED).getByText('Request another document').count()).toBe(0);

  // Only the kinds not on the checklist are offered.
  const kind = panel.getByLabel('Document', { exact: true });
  const offered = (await kind.locator('option').allTextContents()).map((t) => t.trim());
  expect(offered).toContain('Denial letter from your insurance');
  expect(offered).not.toContain('Proof of income');

  // With the keyboard: choose the kind, type the note, press the button.
  await kind.focus();
  await kind.selectOption({ label: 'Denial letter from your insurance' });
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(
    await panel.getByLabel('Note for the patient (optional)').getAttribute('id'),
  );
  await page.keyboard.type(NOTE);
  await page.keyboard.press('Tab');
  const request = panel.getByRole('button', { name: `Request document for ${DENIED}` });
  expect(await focused(page)).toBe('Request document');
  await expectAccessible(page, 'the request-another-document control');
  await page.keyboard.press('Enter');

  // The checklist reads the case again: the item is there, missing, with the note; the focus stays on the button.
  const item = panel.getByRole('listitem').filter({ hasText: 'Denial letter from your insurance' });
  await item.getByText('missing', { exact: true }).waitFor();
  await item.getByText(NOTE).waitFor();
  await panel.getByRole('status').getByText('Denial letter from your insurance asked for').waitFor();
  expect(await request.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await kind.locator('option').allTextContents()).not.toContain('Denial letter from your insurance');
  await expectAccessible(page, 'the checklist with the requested document');
  await item.scrollIntoViewIfNeeded();
  await screenshot(page, 'navigator-request-document');

  // The case is cancelled by a colleague while the request is on its way: the refusal stays, in the server's words.
  await page.route('**/documents/PROOF_OF_RESIDENCY', async (route) => {
    expect((await move(api, colleague.token, idOf(RACED), 'CANCELLED')).status).toBe(200);
    await route.continue();
  });
  const raced = applicationPanel(page, RACED);
  await raced.getByLabel('Document', { exact: true }).selectOption('PROOF_OF_RESIDENCY');
  await raced.getByRole('button', { name: `Request document for ${RACED}` }).click();
  await raced
    .getByRole('alert')
    .getByText('This application is cancelled: its document checklist can no longer change.')
    .waitFor();
  await raced.getByText('Cancelled is final').waitFor();
  await expectAccessible(page, 'a refused request');
  await screenshot(page, 'navigator-request-document-refused');
  expect(pageErrors).toEqual([]);

  // The patient's dashboard, in a second page: the application's checklist lists it, missing, with the note.
  const home = await newPage(browser, 'desktop', stack.baseUrl);
  const p = home.page;
  await openDashboard(p, { ...patient, api, baseUrl: stack.baseUrl, checkoutUrl: null });
  await p.locator(`[aria-label="${DENIED} application"]`).getByRole('button', { name: 'View details' }).click();
  const details = p.getByRole('dialog', { name: `${DENIED} application` });
  const asked = details.getByRole('listitem').filter({ hasText: 'Denial letter from your insurance' });
  await asked.getByText(NOTE).waitFor();
  await expectAccessible(p, 'the patient checklist with a note');
  await asked.scrollIntoViewIfNeeded();
  await screenshot(p, 'patient-requested-document');
  expect(home.pageErrors).toEqual([]);
});

test('requesting the last kind left keeps the focus on the control, which says every kind is on the checklist', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, [LAST], { firstName: 'Lena' });
  const app = patient.applications[0];
  await driveTo(api, navigator.token, app.id, 'INFO_REQUESTED');
  // Every kind but one already asked for: the program wants the last one too.
  const onList = new Set(app.documents.map((d) => d.kind));
  const lacking = DOCUMENT_KINDS.filter((k) => !onList.has(k));
  const last = lacking.pop()!;
  for (const kind of lacking) {
    const res = await api.post(
      `/admin/applications/${app.id}/documents/${kind}`,
      { status: 'MISSING' },
      navigator.token,
    );
    expect(res.status).toBe(200);
  }
  const label = documentLabel(last);

  const { page, pageErrors } = await newPage(browser, 'desktop', stack.baseUrl);
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(page, LAST);
  const kind = panel.getByLabel('Document', { exact: true });
  await kind.waitFor();
  expect((await kind.locator('option').allTextContents()).map((t) => t.trim())).toEqual([label]);

  // With the keyboard: the only kind is chosen; the note, then the button.
  await kind.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('The program asks for this one as well.');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Request document');
  await page.keyboard.press('Enter');

  // The item is on the checklist, the control has nothing left to offer, and the focus stays on it, at its heading,
  // never on the page's start (WCAG 2.4.3); the polite status says what was asked.
  await panel.getByRole('listitem').filter({ hasText: label }).getByText('missing', { exact: true }).waitFor();
  await panel.getByText('Every kind of document is already on the checklist.').waitFor();
  await panel.getByRole('status').getByText(`${label} asked for: it is on the checklist as missing.`).waitFor();
  expect(await panel.getByRole('button', { name: `Request document for ${LAST}` }).count()).toBe(0);
  const heading = panel.getByRole('heading', { name: 'Request another document' });
  expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
  // Back from there with the keyboard: the checklist's items, the one just asked for among them.
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Mark received: /);
  await heading.focus();
  await expectAccessible(page, 'the request-another-document control with no kind left');
  await heading.scrollIntoViewIfNeeded();
  await screenshot(page, 'navigator-request-document-last-kind', { fullPage: false });
  expect(pageErrors).toEqual([]);
});

test("a kind a colleague asked for meanwhile is not swapped for another under the navigator's note: refused, in words", async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const colleague = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, [SWAPPED], { firstName: 'Sara' });
  const app = patient.applications[0];
  await driveTo(api, navigator.token, app.id, 'INFO_REQUESTED');

  const { page, pageErrors } = await newPage(browser, 'desktop', stack.baseUrl);
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(page, SWAPPED);
  const kind = panel.getByLabel('Document', { exact: true });
  await kind.selectOption({ label: 'Denial letter from your insurance' });
  await panel.getByLabel('Note for the patient (optional)').fill(NOTE);

  // A colleague asks for the denial letter first; the checklist on this screen shows it, live.
  const asked = await api.post(
    `/admin/applications/${app.id}/documents/DENIAL_LETTER`,
    { status: 'MISSING', fromStatus: 'ABSENT' },
    colleague.token,
  );
  expect(asked.status).toBe(200);
  await panel.getByRole('listitem').filter({ hasText: 'Denial letter from your insurance' }).waitFor();
  expect(await kind.inputValue()).toBe('DENIAL_LETTER');

  await panel.getByRole('button', { name: `Request document for ${SWAPPED}` }).click();
  await panel
    .getByRole('alert')
    .getByText(/Denial letter from your insurance/)
    .waitFor();
  // Nothing else was asked with the note: the checklist holds what the colleague asked, and no other new kind.
  const view = await api.get(`/admin/applications/${app.id}`, colleague.token);
  const kinds = (view.body.data.application.documents as { kind: string }[]).map((d) => d.kind).sort();
  expect(kinds).toEqual([...app.documents.map((d) => d.kind), 'DENIAL_LETTER'].sort());
  await expectAccessible(page, 'a request refused: the kind was asked for meanwhile');
  expect(pageErrors).toEqual([]);
});
