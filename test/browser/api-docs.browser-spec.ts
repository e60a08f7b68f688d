import { useStackAndBrowser, newPage } from './support/browser';

const ctx = useStackAndBrowser();

test('a developer opens /api/docs and tries a route, within the content security policy', async () => {
  const { page, console: lines, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByRole('heading', { name: /RxBridge API/ }).waitFor();
  // GET /api/v1/health itself, not its /live and /ready probes beside it.
  const health = page
    .locator('.opblock')
    .filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/health$/ }) });
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await health.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).waitFor();
  expect(await health.locator('.live-responses-table').innerText()).toContain('"status": "ok"');
  // Swagger UI's scripts, styles and images all come from the API's own origin.
  expect(lines.filter((l) => /Content Security Policy|Refused to/i.test(l))).toEqual([]);
  expect(pageErrors).toEqual([]);
});
