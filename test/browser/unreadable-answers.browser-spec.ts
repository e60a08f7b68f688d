// An answer without a body the app can read (a proxy's own HTML error page) is said in the page's language, never as
// "HTTP Error: 502" (docs/product.md §12): a gateway's 502, 503 or 504 says the service is briefly unavailable, any
// other status the screen's own fallback.
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { newPage, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { speakSpanish } from './support/signup';

const ctx = useStackAndBrowser();

type Lang = 'en' | 'es';
const TEXT = {
  en: {
    home: '/',
    form: 'Check if you qualify',
    result: 'Your result',
    submit: 'Check eligibility',
    unavailable: 'The service is briefly unavailable. Please try again in a moment.',
    failed: 'The check could not be made. Please try again.',
  },
  es: {
    home: '/es',
    form: 'Vea si califica',
    result: 'Su resultado',
    submit: 'Revisar elegibilidad',
    unavailable: 'El servicio no está disponible por un momento. Vuelva a intentarlo en un momento.',
    failed: 'No se pudo hacer la revisión. Inténtelo de nuevo.',
  },
} as const;

/** The landing page's eligibility check, filled and sent while the proxy answers `status` with its own page. */
async function checkThroughProxyPage(page: Page, lang: Lang, status: number) {
  const t = TEXT[lang];
  await page.route('**/api/v1/eligibility/check', (route) =>
    route.fulfill({ status, contentType: 'text/html', body: '<html><body><h1>Bad gateway</h1></body></html>' }),
  );
  await page.goto(`${t.home}#check-eligibility`);
  const form = page.getByRole('form', { name: t.form });
  const field = (name: string) => form.locator(`[name="${name}"]`);
  await field('medication').fill('Ozempic');
  await field('householdSize').fill('1');
  await field('annualIncome').fill('20000');
  await field('state').selectOption('OH');
  await field('drugCoverage').selectOption('NONE');
  await form.getByRole('button', { name: t.submit }).click();
  return page.getByRole('region', { name: t.result }).getByRole('alert');
}

describe.each<Lang>(['en', 'es'])('an answer the app cannot read (%s, phone)', (lang) => {
  test('a gateway’s 502 says the service is briefly unavailable, in the page’s language', async () => {
    const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
    if (lang === 'es') await speakSpanish(context);
    const alert = await checkThroughProxyPage(page, lang, 502);
    await alert.getByText(TEXT[lang].unavailable).waitFor();
    expect(await alert.innerText()).not.toContain('HTTP Error');
    await expectNoOverflow(page, `the check refused by a gateway (${lang})`);
    await expectAccessible(page, `the landing check, a gateway's 502 (${lang})`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});

test('another status without a readable answer (a proxy’s 413 page) says the screen’s own fallback', async () => {
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  const alert = await checkThroughProxyPage(page, 'en', 413);
  await alert.getByText(TEXT.en.failed).waitFor();
  expect(await alert.innerText()).not.toContain('HTTP Error');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 60_000);
