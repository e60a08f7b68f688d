import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { runUserCreate } from '@rxbridge/accounts';
import { newPage, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { logInThroughUi } from './support/navigator';

// Operators' actions in the audit log, in words (docs/architecture.md §9, docs/product.md §8 Audit log).
const env = useStackAndBrowser({ withWorker: false });

const PASSWORD = 'Operat0r!pass';
const row = (page: Page, action: string) => page.locator('table tbody tr').filter({ hasText: action });

test('an admin made with user:create reads its making in the audit log, by the operator', async () => {
  const email = 'first-admin@example.com';
  await runUserCreate(['--email', email, '--role', 'ADMIN'], {
    DATABASE_URL: env.stack.settings.DATABASE_URL,
    USER_CREATE_PASSWORD: PASSWORD,
  });
  const [{ id }] = await env.stack.api.get(DataSource).query(`SELECT id FROM users WHERE email = $1`, [email]);

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await logInThroughUi(page, 'desktop', email, PASSWORD);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/audit?patientId=${id}`);
  const made = row(page, 'Created staff account');
  await made.waitFor();
  await made.getByText('Operator (command line)', { exact: true }).waitFor();
  await made.getByText('staff.created', { exact: true }).waitFor();
  await made.getByText('command: user:create', { exact: true }).waitFor();
  await made.getByText('role: ADMIN', { exact: true }).waitFor();
  await expectAccessible(page, 'the audit log with an operator’s row');
  expect(pageErrors).toEqual([]);
  await context.close();
});
