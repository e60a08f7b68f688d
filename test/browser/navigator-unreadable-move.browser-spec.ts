// A proxy answering the navigator's move with its own bodyless 404 or 409 page is not the API refusing the move: the
// dialog stays open with the note and says the move is not confirmed, never "HTTP Error: 404" (docs/product.md §12).
// The API's own 409 still closes it with the API's words on the panel.
import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { move, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { expectAccessible } from './support/a11y';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { applicationPanel, logInThroughUi, moveButtons } from './support/navigator';

const env = useStackAndBrowser();
let api: Api;
beforeAll(() => {
  api = apiClient(env.stack.apiUrl);
});

const UNREADABLE = 'The server’s answer could not be read, so the move is not confirmed. Please try again.';
const TO = 'Awaiting documents';
const NOTE = 'Asked Alma for her income proof.';

/** A navigator on a new patient's page (phone), its Eliquis application in Intake. */
async function onPatientPage() {
  const patient = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'Alma', lastName: 'Reyes' });
  const navigator = await newNavigator(env.stack, api);
  const opened = await newPage(env.browser, 'phone', env.stack.baseUrl);
  await logInThroughUi(opened.page, 'phone', navigator.email);
  await opened.page.waitForURL('**/navigator');
  await opened.page.goto(`/navigator/patients/${patient.id}`);
  await applicationPanel(opened.page, 'Eliquis').locator('[data-state="INTAKE"]').waitFor();
  return { patient, navigator, ...opened };
}

/** The move dialog to Awaiting documents, its note typed. */
async function moveDialogWithNote(page: Page) {
  await moveButtons(page, 'Eliquis').getByText(TO, { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Move to ${TO}` });
  await dialog.getByLabel('Note').fill(NOTE);
  return dialog;
}

test.each([404, 409])(
  'a proxy’s bodyless %i to a move keeps the dialog open and says the move is not confirmed (phone)',
  async (status) => {
    const { page, context, pageErrors } = await onPatientPage();

    let proxied = 0;
    await page.route('**/api/v1/admin/applications/*/transitions', (route) => {
      proxied += 1;
      return route.fulfill({ status, contentType: 'text/html', body: '<html><body><h1>Not here</h1></body></html>' });
    });
    const dialog = await moveDialogWithNote(page);
    await dialog.getByRole('button', { name: `Move to ${TO}` }).click();
    await dialog.getByRole('alert').getByText(UNREADABLE).waitFor();
    expect(proxied).toBe(1);
    expect(await page.locator('body').innerText()).not.toContain('HTTP Error');
    expect(await dialog.getByLabel('Note').inputValue()).toBe(NOTE);
    await expectNoOverflow(page, `the move dialog after a proxy's ${status}`);
    await expectAccessible(page, `the move dialog after a proxy's ${status}`);
    await screenshot(page, `navigator-move-unreadable-${status}`, { fullPage: false });

    // Once the proxy lets it through, the same dialog makes the move.
    await page.unroute('**/api/v1/admin/applications/*/transitions');
    await dialog.getByRole('button', { name: `Move to ${TO}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await applicationPanel(page, 'Eliquis').locator('[data-state="AWAITING_DOCUMENTS"]').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  },
  90_000,
);

test('the API’s own 409 (moved meanwhile) still closes the dialog with its words on the panel', async () => {
  const { patient, navigator, page, context, pageErrors } = await onPatientPage();

  const dialog = await moveDialogWithNote(page);
  // A colleague moves it first.
  expect((await move(api, navigator.token, patient.applications[0].id, 'CANCELLED')).status).toBe(200);
  await dialog.getByRole('button', { name: `Move to ${TO}` }).click();
  await dialog.waitFor({ state: 'detached' });
  const refusal = applicationPanel(page, 'Eliquis').locator(`#application-${patient.applications[0].id}-refusal`);
  await refusal.waitFor();
  expect(await refusal.innerText()).not.toContain('HTTP Error');
  expect(await refusal.innerText()).not.toContain('not confirmed');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 90_000);
