import { apiClient } from '../support/http';
import { driveTo, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi, moveButtons } from './support/navigator';
import { dayIn, lateEveningInLosAngeles, LOS_ANGELES as ZONE } from './support/evening';

const env = useStackAndBrowser();
let api: Api;
beforeAll(() => {
  api = apiClient(env.stack.apiUrl);
});

test('the move dialog proposes the navigator’s own today as the shipment date, late in a Los Angeles evening', async () => {
  const patient = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'Alma', lastName: 'Reyes' });
  const navigator = await newNavigator(env.stack, api);
  await driveTo(api, navigator.token, patient.applications[0].id, 'APPROVED');
  const evening = lateEveningInLosAngeles();
  const localDay = dayIn(evening, ZONE);
  // The case this is about: the UTC day is already the next one.
  expect(dayIn(evening, 'UTC')).not.toBe(localDay);

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl, { timezoneId: ZONE });
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patient.id}`);
  await applicationPanel(page, 'Eliquis').locator('[data-state="APPROVED"]').waitFor();
  await page.clock.setFixedTime(evening);
  expect(await page.evaluate(() => new Date().toString())).toMatch(/GMT-0[78]00 \(Pacific/);
  expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).toBe(localDay);

  // Keyboard only: the move button, the note, the submit button.
  await moveButtons(page, 'Eliquis').getByText('Shipment scheduled', { exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move to Shipment scheduled' });
  expect(await dialog.getByLabel('Shipment date').inputValue()).toBe(localDay);
  expect(await dialog.getByLabel('Days of supply').inputValue()).toBe('90');
  await page.keyboard.type('First 90-day supply ships tonight.');
  await expectAccessible(page, 'the shipment move dialog');
  await screenshot(page, 'navigator-move-shipment-evening', { fullPage: false });
  await dialog.getByRole('button', { name: 'Move to Shipment scheduled' }).press('Enter');
  await dialog.waitFor({ state: 'detached' });
  const shown = new Date(`${localDay}T12:00:00`).toLocaleDateString('en-US', { dateStyle: 'medium' });
  await applicationPanel(page, 'Eliquis').getByText(`Shipment ${shown}: 90-day supply`, { exact: false }).waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
});
