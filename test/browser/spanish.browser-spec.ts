import type { Page } from 'playwright-core';
import { useStackAndBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { expectAccessible } from './support/a11y';
import { createPatient, openDashboard } from './support/patient';

// Spanish for visitors (docs/product.md, Languages): a Spanish browser's first visit to / gets the
// Spanish landing page, pre-rendered in Spanish; the language control switches to English and back.
const ctx = useStackAndBrowser();

/** A browser set to Spanish, as a Spanish-speaking visitor's is. */
const SPANISH = { locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9,en;q=0.8' } };

const spanishPage = (viewport: ViewportName) => newPage(ctx.browser, viewport, ctx.stack.baseUrl, SPANISH);

/** Tabs from where the focus is until it reaches the element whose text is `text`; fails after 40 stops. */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe('Spanish for visitors', () => {
  test('a Spanish browser gets the Spanish landing page, checks eligibility and switches language by keyboard', async () => {
    const t = await spanishPage('desktop');
    const { page } = t;
    const response = (await page.goto('/'))!;
    expect(new URL(page.url()).pathname).toBe('/es');
    // The HTML as it arrived, before any script: Spanish, with its English counterpart named.
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain('Medicamentos de marca');
    // The price beside each popular medication reads as the Spanish plan cards do ("/mes"), never "/mo".
    expect(html).toContain('$49/mes con RxBridge');
    expect(html).not.toContain('$49/mo');
    // Absolute on APP_URL, as search engines require of hreflang.
    const origin = new URL(ctx.stack.baseUrl).origin;
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${origin}/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${origin}/es">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/">`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('heading', { level: 1, name: /Medicamentos de marca/ }).waitFor();
    await page.getByRole('button', { name: '$49/mes con RxBridge' }).waitFor();
    // Beside each of the four popular medications, and on the Ongoing Care plan card.
    expect(await page.getByText('$49/mes', { exact: true }).count()).toBe(5);
    expect(await page.locator('body').innerText()).not.toContain('$49/mo');
    expect(await page.title()).toMatch(/medicamentos de marca/);

    // The checker, in Spanish.
    await page.goto('/es#check-eligibility');
    const form = page.getByRole('form', { name: 'Vea si califica' });
    const medication = form.getByRole('combobox', { name: 'Medicamento' });
    await medication.waitFor();
    await page.waitForFunction(() => !document.querySelector('input[placeholder="Cargando medicamentos…"]'));
    // The form's own errors speak Spanish too.
    await form.getByRole('button', { name: 'Revisar elegibilidad' }).click();
    await form.getByText('Indique el número de personas en el hogar').waitFor();
    await form.getByText('Elija su estado').waitFor();
    await medication.click();
    await medication.pressSequentially('ozempic');
    await medication.press('ArrowDown');
    await medication.press('Enter');
    await form.getByLabel('Número de personas en el hogar').fill('2');
    await form.getByLabel('Ingresos del hogar ($)').fill('20000');
    await form.getByLabel('Estado').selectOption('OH');
    // The kinds of plan in Spanish too (their values are the API's).
    await form.getByLabel('¿Qué tipo de plan es?').selectOption({ label: 'Sin cobertura de medicamentos' });
    await form.getByRole('button', { name: 'Revisar elegibilidad' }).press('Enter');
    const result = page.getByRole('region', { name: 'Su resultado' });
    await result.getByRole('heading', { name: 'Resultados para Ozempic' }).waitFor();
    expect(await result.innerText()).toMatch(
      /Los ingresos de su hogar son el \d+(\.\d)?% de las pautas federales de pobreza/,
    );
    expect(await result.innerText()).toContain('2 personas en OH');
    // One word for a route, "opción", in the list and inside its cards, and the copay card by its glossary name
    // (docs/spanish-glossary.md): without drug coverage the card is ruled out.
    const copayCard = result.getByRole('list', { name: 'Opciones' }).locator('> li[data-route-kind="COPAY_CARD"]');
    expect(await copayCard.locator('[data-verdict]').first().getAttribute('data-verdict')).toBe('NOT_ELIGIBLE');
    const copayText = await copayCard.innerText();
    expect(copayText).toMatch(/^Tarjeta de copago del fabricante$/im); // shown upper case
    expect(copayText).toContain('Por ahora esta opción no es para usted; revise las otras opciones que aparecen aquí.');
    expect(await result.innerText()).not.toMatch(/\bvías?\b|ahorro en copagos/i);
    await expectAccessible(page, 'the Spanish landing page with a result');
    await screenshot(page, 'spanish-landing-result', { fullPage: false });

    // To English with the top bar's control, keyboard only: the same page at its English address.
    await page.goto('/es');
    const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English' });
    expect(await toEnglish.getAttribute('lang')).toBe('en');
    expect(await toEnglish.getAttribute('href')).toBe('/');
    await tabTo(page, 'English');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Brand-name medications/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const toSpanish = page.getByRole('banner').getByRole('link', { name: 'Español' });
    expect(await toSpanish.getAttribute('lang')).toBe('es');
    // The choice is remembered: the server now answers / in English to this Spanish browser.
    expect((await t.context.cookies()).find((c) => c.name === 'rxb_lang')?.value).toBe('en');
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: /Brand-name medications/ }).waitFor();
    await expectAccessible(page, 'the English landing page after switching');

    // And back to Spanish, from the footer's control this time.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Español' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Medicamentos de marca/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect((await t.context.cookies()).find((c) => c.name === 'rxb_lang')?.value).toBe('es');
    // Links between public pages keep the language.
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Términos' }).getAttribute('href')).toBe(
      '/es/terms',
    );
    expect(t.console.filter((l) => l.startsWith('error:'))).toEqual([]);
    expect(t.pageErrors).toEqual([]);
    await t.context.close();
  });

  test('at phone width nothing overflows in Spanish, and the menu offers English', async () => {
    const t = await spanishPage('phone');
    const { page } = t;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Medicamentos de marca/ }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/');
    expect(await menu.getByRole('button', { name: 'Iniciar sesión' }).isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'spanish-landing-phone-menu', { fullPage: false });
    await expectAccessible(page, 'the Spanish landing page with the phone menu open');
    await page.getByRole('button', { name: 'Cerrar el menú' }).click();
    for (const path of ['/es/terms', '/es/privacy', '/es/diy-guide']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }
    expect(t.pageErrors).toEqual([]);
    await t.context.close();
  });

  test('a signed-in patient’s choice is saved in their profile too', async () => {
    const p = await createPatient(ctx.stack);
    const t = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
    const { page } = t;
    await openDashboard(page, p);
    await page.goto('/terms');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/users/profile'));
    await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
    expect((await saved).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/es/terms');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect((await p.api.get('/users/profile', p.token)).body.data.user.preferredLanguage).toBe('es');
    await t.context.close();
  });
});
