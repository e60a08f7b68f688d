import { apiClient } from '../support/http';
import { newNavigator } from '../applications/helpers';
import { useStackAndBrowser, newPage } from './support/browser';
import { logInThroughUi } from './support/navigator';
import { expectAccessible } from './support/a11y';

const ctx = useStackAndBrowser({ withWorker: false });

test('an admin opens Bull Board from the queue health page', async () => {
  const admin = await newNavigator(ctx.stack, apiClient(ctx.stack.apiUrl), 'ADMIN');
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(page, 'desktop', admin.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('link', { name: 'Queue health' }).click();
  await page.getByRole('button', { name: 'Open Bull Board' }).waitFor();
  await expectAccessible(page, 'the queue health page');
  const [board] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open Bull Board' }).click(),
  ]);
  await board.waitForURL('**/admin/queues**');
  // Bull Board lists the worker's queues (its own UI, served from the API's origin).
  for (const name of ['email', 'applications', 'timers', 'billing']) {
    await board.getByText(name, { exact: true }).first().waitFor();
  }
  expect(pageErrors).toEqual([]);
  await context.close();
});
