import { enrollmentEnd, findProgram } from '@rxbridge/domain';
import { apiClient } from '../support/http';
import { driveTo, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi, moveButtons } from './support/navigator';
import { dayIn, lateEveningInLosAngeles, LOS_ANGELES as ZONE } from './support/evening';

// docs/product.md §18: an approval without a start date starts on the navigator's own today, where they are; the
// end date follows the program's rule from it.
const env = useStackAndBrowser();
let api: Api;
beforeAll(() => {
  api = apiClient(env.stack.apiUrl);
});

/** A day as the console shows it (formatDate, en-US). */
const shownDay = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { dateStyle: 'medium' });

test('an approval with a blank start date starts on the navigator’s own today, late in a Los Angeles evening', async () => {
  const patient = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'Rosa', lastName: 'Navarro' });
  const navigator = await newNavigator(env.stack, api);
  const app = patient.applications[0];
  await driveTo(api, navigator.token, app.id, 'SUBMITTED');
  const evening = lateEveningInLosAngeles();
  const localDay = dayIn(evening, ZONE);
  // The case this is about: the UTC day is already the next one (the server's, later still or the same).
  expect(dayIn(evening, 'UTC')).not.toBe(localDay);
  expect(dayIn(new Date(), 'UTC')).not.toBe(localDay);

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl, { timezoneId: ZONE });
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(page, 'Eliquis');
  await panel.locator('[data-state="SUBMITTED"]').waitFor();
  await page.clock.setFixedTime(evening);
  expect(await page.evaluate(() => new Date().toString())).toMatch(/GMT-0[78]00 \(Pacific/);
  expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).toBe(localDay);

  // Keyboard only: the move button, the note (the dates left blank), the submit button.
  await moveButtons(page, 'Eliquis').getByText('Approved', { exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move to Approved' });
  expect(await dialog.getByLabel('Enrollment start date').inputValue()).toBe('');
  expect(await dialog.getByLabel('Enrollment end date').inputValue()).toBe('');
  await page.keyboard.type('Approved by the program on the phone this evening.');
  await expectAccessible(page, 'the approval move dialog');
  await screenshot(page, 'navigator-move-approved-evening', { fullPage: false });
  await dialog.getByRole('button', { name: 'Move to Approved' }).press('Enter');
  await dialog.waitFor({ state: 'detached' });

  // The enrollment the panel shows: from the local day, to the program's rule from it.
  await panel.locator('[data-state="APPROVED"]').waitFor();
  const record = await api.get(`/admin/patients/${patient.id}`, navigator.token);
  const approved = (record.body.data.applications as typeof patient.applications).find((a) => a.id === app.id)!;
  const rule = approved.program ? (findProgram(approved.program.id)?.enrollment ?? null) : null;
  const { endsOn, estimated } = enrollmentEnd(localDay, rule);
  await panel.getByText(`Enrolled until ${shownDay(endsOn)}`, { exact: true }).waitFor({ timeout: 5_000 });
  await panel.getByText(`(from ${shownDay(localDay)}`, { exact: false }).waitFor({ timeout: 5_000 });
  expect(approved.enrollment).toEqual({ startsOn: localDay, endsOn, estimated });
  await panel.getByText('Enrolled until').scrollIntoViewIfNeeded();
  await screenshot(page, 'navigator-approved-evening', { fullPage: false });
  expect(pageErrors).toEqual([]);
  await context.close();
});
