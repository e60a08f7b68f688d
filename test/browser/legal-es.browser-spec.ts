import { useStackAndBrowser, newPage, screenshot, type TestPage } from './support/browser';
import { expectAccessible } from './support/a11y';
import { expectNoOverflow } from './support/layout';

// The DIY guide, Terms and Privacy in Spanish (issue 31): the legal pages are a courtesy translation
// that opens with a notice linking to the English page, which prevails (docs/product.md §2).
const ctx = useStackAndBrowser();

/** A phone at 375 px. */
async function phone(): Promise<TestPage> {
  const t = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await t.page.setViewportSize({ width: 375, height: 812 });
  return t;
}

/** The page as it arrives, before any script: pre-rendered in Spanish. */
async function prerendered(path: string): Promise<string> {
  const html = await (await fetch(`${ctx.stack.baseUrl}${path}`)).text();
  expect(html).toContain('<html lang="es"');
  expect(html).toContain('<div id="root" data-prerendered>');
  return html;
}

/** Hydrated without a mismatch: the Spanish HTML and the app agree. */
function expectNoErrors(t: TestPage) {
  expect(t.console.filter((l) => l.startsWith('error:'))).toEqual([]);
  expect(t.pageErrors).toEqual([]);
}

describe('Spanish DIY guide, Terms and Privacy', () => {
  test('Terms: courtesy notice first, Spanish text and prices, accessible, fits 375 px; the link opens the English page', async () => {
    const html = await prerendered('/es/terms');
    expect(html).toContain('Esta es una traducción de cortesía.');
    const t = await phone();
    const { page, context } = t;
    await page.goto('/es/terms');
    await page.getByRole('heading', { level: 1, name: 'Términos del servicio' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    const notice = page.getByRole('note');
    expect(await notice.innerText()).toBe(
      'Esta es una traducción de cortesía. En caso de discrepancia, prevalece la versión en inglés.',
    );
    const english = notice.getByRole('link', { name: 'versión en inglés' });
    expect(await english.getAttribute('href')).toBe('/terms');
    expect(await english.getAttribute('hreflang')).toBe('en');
    const text = await page.locator('main').innerText();
    for (const s of [
      'Última actualización: 1 de enero de 2025',
      'no es una farmacia',
      'Ongoing Care: $49 al mes',
      'Enrollment Only: $109 en un solo pago, más $30 por cada receta adicional',
      'siempre es $0',
      'Política de privacidad',
    ])
      expect(text).toContain(s);
    // Links to the other legal page stay in Spanish.
    expect(await page.locator('main').getByRole('link', { name: 'Aviso de HIPAA' }).getAttribute('href')).toBe(
      '/es/privacy#hipaa',
    );
    await expectAccessible(page, '/terms in Spanish');
    await expectNoOverflow(page, '/es/terms');
    await screenshot(page, 'terms-es');

    await english.click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.locator('main').innerText()).toContain('Last updated January 1, 2025');
    expect(page.url()).toBe(`${ctx.stack.baseUrl}/terms`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expectNoErrors(t);
    await context.close();
  });

  test('Privacy: courtesy notice, retention in years, the HIPAA notice, accessible, fits 375 px', async () => {
    expect(await prerendered('/es/privacy')).toContain('Aviso de prácticas de privacidad de HIPAA');
    const t = await phone();
    const { page, context } = t;
    await page.goto('/es/privacy');
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    expect(await page.getByRole('note').getByRole('link', { name: 'versión en inglés' }).getAttribute('href')).toBe(
      '/privacy',
    );
    const text = await page.locator('main').innerText();
    for (const s of ['7 años', '3 años', '2 años', 'en un plazo de 30 días', 'menores de 13 años'])
      expect(text).toContain(s);
    await page.getByRole('heading', { name: 'Aviso de prácticas de privacidad de HIPAA' }).waitFor();
    await expectAccessible(page, '/privacy in Spanish');
    await expectNoOverflow(page, '/es/privacy');
    await screenshot(page, 'privacy-es');
    expectNoErrors(t);
    await context.close();
  });

  test('DIY guide: Spanish steps, comparison and download, accessible, fits 375 px', async () => {
    expect(await prerendered('/es/diy-guide')).toContain('Seis pasos para presentar la solicitud');
    const t = await phone();
    const { page, context } = t;
    await page.goto('/es/diy-guide');
    await page.getByRole('heading', { level: 1, name: 'Solicite asistencia al paciente por su cuenta' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const s of [
      'Seis pasos para presentar la solicitud',
      'Espere de 2 a 4 semanas',
      'Dificultades comunes',
      'Por su cuenta vs. RxBridge',
      '$49 al mes',
    ])
      expect(text).toContain(s);
    await page.getByRole('button', { name: 'Descargar la solicitud' }).waitFor();
    expect(await page.getByRole('link', { name: 'Comience su solicitud' }).getAttribute('href')).toBe('/dashboard');
    await expectAccessible(page, '/diy-guide in Spanish');
    await expectNoOverflow(page, '/es/diy-guide');
    await screenshot(page, 'diy-guide-es');
    expectNoErrors(t);
    await context.close();
  });
});
