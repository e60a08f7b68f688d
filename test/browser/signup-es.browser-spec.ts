import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { PublicUser } from '@rxbridge/contracts';
import { apiClient } from '../support/http';
import { PASSWORD } from '../support/factories';
import { expectAccessible } from './support/a11y';
import { newPage, toast, uniqueEmail, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { createPatient, openDashboard } from './support/patient';

// Spanish for sign-up, login, reset and the profile's language (docs/product.md, Languages).
const ctx = useStackAndBrowser();

/** The narrowest phone the product supports (docs/product.md, Languages: nothing cut off at 375 px). */
const PHONE_375 = { width: 375, height: 812 };
const NEW_PASSWORD = 'Nuev0!Clave';

/** A browser that prefers Spanish: its requests say so and the device keeps the choice, as the language control does. */
async function speakSpanish(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ 'Accept-Language': 'es-US,es;q=0.9' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('rxb-language')) localStorage.setItem('rxb-language', 'es');
  });
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const profileOf = async (token: string) =>
  (await apiClient(ctx.stack.apiUrl).get<{ user: PublicUser }>('/users/profile', token)).body.data!.user;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

/** Each step: its Spanish title, nothing overflowing at 375 px, axe clean. */
async function atStep(page: Page, d: Locator, n: number, title: string) {
  await d.getByText(`Paso ${n} de 7: ${title}`).waitFor();
  await d.getByRole('heading', { name: title, exact: true }).waitFor();
  await expectNoOverflow(page, `paso ${n}`);
  await expectAccessible(page, `signup (es), paso ${n}: ${title}`);
}

/** Enter in a field submits the step, as a keyboard user moves on. */
const pressNext = (field: Locator) => field.press('Enter');

test('a Spanish visitor signs up through every step in Spanish at 375 px, lands on the dashboard, and the account speaks Spanish; logout, login and the reset code in Spanish', async () => {
  const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await speakSpanish(context);
  await page.setViewportSize(PHONE_375);
  const email = uniqueEmail('lucia');

  // The reset link page without a link offers the login; the login offers the signup.
  await page.goto('/reset-password');
  await page.getByRole('heading', { name: 'Este enlace no se puede usar' }).waitFor();
  expect(await lang(page)).toBe('es');
  await page.getByRole('button', { name: 'Volver a iniciar sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Hola de nuevo' });
  await login.getByRole('button', { name: 'Crear una cuenta' }).click();
  const d = page.getByRole('dialog', { name: 'Empiece hoy' });

  // 1. Datos básicos, with a shared validation message in Spanish.
  await atStep(page, d, 1, 'Datos básicos');
  const mail = d.getByLabel('Correo electrónico');
  await mail.fill('no-es-un-correo');
  await mail.blur();
  await d.getByText('Escriba un correo electrónico válido').waitFor();
  await expectNoOverflow(page, 'paso 1 con error');
  await d.getByLabel('Nombre', { exact: true }).focus();
  await page.keyboard.type('Lucía');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Morales');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('(614) 555-0177');
  await d.getByLabel('Fecha de nacimiento').fill('1958-03-21');
  await d.getByText('Escriba un correo electrónico válido').waitFor({ state: 'detached' });
  await pressNext(d.getByLabel('Fecha de nacimiento'));

  // 2. Datos personales: the choices in Spanish, the values the server stores.
  await atStep(page, d, 2, 'Datos personales');
  await d.getByLabel('Sexo').selectOption({ label: 'Femenino' });
  await d.getByLabel('Estado civil').selectOption({ label: 'Viudo(a)' });
  await d.getByLabel('Dirección (calle y número)').fill('45 Calle Roble');
  await d.getByLabel('Ciudad').fill('Columbus');
  // DC and the territories are named in Spanish beside their codes.
  const states = await d.getByLabel('Estado', { exact: true }).locator('option').allInnerTexts();
  expect(states).toEqual(expect.arrayContaining(['DC (Distrito de Columbia)', 'VI (Islas Vírgenes de EE. UU.)']));
  await d.getByLabel('Estado', { exact: true }).selectOption('OH');
  await d.getByLabel('Código postal (ZIP)').fill('43004');
  await pressNext(d.getByLabel('Código postal (ZIP)'));

  // 3. Seguridad: the password rule and the confirmation in Spanish; the terms with the space bar.
  await atStep(page, d, 3, 'Seguridad');
  const password = d.getByLabel('Contraseña', { exact: true });
  await password.fill('debil');
  await password.blur();
  await d.getByText(/La contraseña debe tener al menos 8 caracteres/).waitFor();
  await password.fill(PASSWORD);
  const confirm = d.getByLabel('Confirme la contraseña');
  await confirm.fill('Otra1!Clave');
  await confirm.blur();
  await d.getByText('Las contraseñas no coinciden').waitFor();
  await expectNoOverflow(page, 'paso 3 con errores');
  await confirm.fill(PASSWORD);
  await d.getByText('Las contraseñas no coinciden').waitFor({ state: 'detached' });
  // The documents agreed to open in Spanish too.
  expect(await d.getByRole('link', { name: 'Términos del servicio' }).getAttribute('href')).toBe('/es/terms');
  expect(await d.getByRole('link', { name: /privacidad/i }).getAttribute('href')).toBe('/es/privacy');
  await d.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await pressNext(confirm);

  // 4. Sus médicos: a doctor half typed is refused in Spanish; one complete is added.
  await atStep(page, d, 4, 'Sus médicos');
  await d.getByLabel('Nombre del médico').fill('Ana');
  await d.getByText(/^Complete todos los campos obligatorios \(nombre, apellido, dirección\)/).waitFor();
  await d.getByLabel('Apellido del médico').fill('Reyes');
  await d.getByLabel('Especialidad').selectOption({ label: 'Cardiología' });
  await d.getByLabel('Dirección', { exact: true }).fill('2 Heart Way, Columbus OH');
  await d.getByRole('button', { name: 'Agregar médico' }).click();
  await toast(page, 'Médico agregado').waitFor();
  await d.getByRole('list', { name: 'Médicos agregados' }).getByText('Dr(a). Ana Reyes').waitFor();
  await d.getByRole('button', { name: 'Continuar' }).click();

  // 5. Elija un plan: the free plan (no checkout).
  await atStep(page, d, 5, 'Elija un plan');
  await d.getByText('Elija un plan para continuar.').waitFor();
  await d.getByText('DIY Toolkit').click();
  await d.getByRole('button', { name: 'Continuar' }).click();

  // 6. Recetas.
  await atStep(page, d, 6, 'Recetas');
  await d.getByLabel('Medicamento').fill('Eliquis');
  await d.getByLabel('Dosis').fill('5 mg');
  await d.getByLabel('Frecuencia').selectOption({ label: 'Dos veces al día' });
  await d.getByRole('button', { name: 'Agregar receta' }).click();
  await d.getByRole('list', { name: 'Recetas agregadas' }).getByText('Eliquis').waitFor();
  await d.getByRole('button', { name: 'Continuar' }).click();

  // 7. Seguro médico: "Other", a category, reads "Otro" in the list, once added and in its toast; then none.
  await atStep(page, d, 7, 'Seguro médico');
  await d.getByText('Sí', { exact: true }).click();
  const provider = d.getByLabel('Compañía de seguro médico');
  const options = await provider.locator('option').allInnerTexts();
  expect(options).toContain('Otro');
  expect(options).not.toContain('Other');
  await provider.selectOption({ label: 'Otro' });
  expect(await provider.inputValue()).toBe('Other');
  await d.getByRole('button', { name: 'Agregar seguro médico' }).click();
  expect(await toast(page, 'Seguro médico agregado').innerText()).toMatch(/\bOtro\b/);
  const added = d.getByRole('list', { name: 'Seguros médicos agregados' });
  await added.getByText('Otro', { exact: true }).waitFor();
  expect(await d.innerText()).not.toMatch(/\bOther\b/);
  await added.getByRole('button', { name: 'Quitar Otro', exact: true }).click();
  await added.waitFor({ state: 'detached' });
  await d.getByText('Se quitó Otro de sus seguros médicos.', { exact: true }).waitFor({ state: 'attached' });
  await d.getByText('No', { exact: true }).click();
  await d.getByText(/^No hay problema\./).waitFor();
  await expectNoOverflow(page, 'paso 7 sin seguro');
  await d.getByRole('button', { name: 'Crear la cuenta' }).click();

  await toast(page, 'Creamos su cuenta').waitFor();
  await page.waitForURL('**/dashboard');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const user = await profileOf(token!);
  expect(user).toMatchObject({ preferredLanguage: 'es', gender: 'female', maritalStatus: 'widowed' });
  expect(await lang(page)).toBe('es');

  // Logout and login, in Spanish; a wrong password is refused in Spanish.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /^(Logout|Cerrar sesión)$/ }).click();
  await page.waitForFunction(() => !localStorage.getItem('authToken'));
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Volver a iniciar sesión' }).click();
  await login.getByLabel('Correo electrónico').fill(email);
  await login.getByLabel('Contraseña').fill('Mala!Clave9');
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
  await login.getByText('Credenciales no válidas').waitFor();
  await expectAccessible(page, 'login (es), wrong password');
  await login.getByLabel('Contraseña').fill(PASSWORD);
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'Inició sesión').waitFor();
  await page.waitForURL('**/dashboard');
  expect(await lang(page)).toBe('es');

  // The reset code dialog in Spanish, at 375 px again.
  await page.getByRole('button', { name: /^(Logout|Cerrar sesión)$/ }).click();
  await page.waitForFunction(() => !localStorage.getItem('authToken'));
  await page.setViewportSize(PHONE_375);
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Pedir un enlace nuevo' }).click();
  const reset = page.getByRole('dialog', { name: 'Restablezca su contraseña' });
  await reset.getByText('Paso 1 de 2').waitFor();
  await reset.getByLabel('Correo electrónico').fill(email);
  await expectNoOverflow(page, 'restablecer, paso 1');
  await expectAccessible(page, 'reset (es), paso 1');
  await reset.getByRole('button', { name: 'Enviar el código' }).click();
  await toast(page, 'Le enviamos el código').waitFor();
  await reset.getByText('Paso 2 de 2').waitFor();
  const codeMail = await ctx.stack.mail.waitFor(
    (m) => m.to.includes(email) && /reset|restablec/i.test(m.subject) && /\b\d{6}\b/.test(m.text),
    20_000,
  );
  await reset.getByLabel('Código de 6 dígitos').pressSequentially(/\b(\d{6})\b/.exec(codeMail.text)![1]!);
  await reset.getByLabel('Contraseña nueva', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Confirme la contraseña nueva').fill(NEW_PASSWORD);
  await expectNoOverflow(page, 'restablecer, paso 2');
  await expectAccessible(page, 'reset (es), paso 2');
  await reset.getByRole('button', { name: 'Restablecer la contraseña' }).click();
  await toast(page, 'Restablecimos su contraseña').waitFor();
  await login.getByLabel('Correo electrónico').fill(email);
  await login.getByLabel('Contraseña').fill(NEW_PASSWORD);
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/dashboard');

  expect(pageErrors).toEqual([]);
  await context.close();
}, 180_000);

test("the profile's Language choice switches the app and is saved; at login the app follows the patient's language", async () => {
  const patient = await createPatient(ctx.stack);
  expect((await profileOf(patient.token)).preferredLanguage).toBe('en');
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  expect(await lang(page)).toBe('en');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Personal details' });
  expect(await profile.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
  await expectAccessible(page, 'profile with its Language choice');
  await profile.getByRole('group', { name: 'Language' }).getByText('Español').click();
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Perfil actualizado').waitFor();
  expect(await lang(page)).toBe('es');
  expect((await profileOf(patient.token)).preferredLanguage).toBe('es');
  await profile.waitFor({ state: 'detached' });

  // This device goes back to English; logging in brings the patient's Spanish back.
  await page.getByRole('button', { name: /^(Logout|Cerrar sesión)$/ }).click();
  await page.waitForFunction(() => !localStorage.getItem('authToken'));
  await page.evaluate(() => {
    localStorage.setItem('rxb-language', 'en');
    document.cookie = 'rxb_lang=en; Path=/';
  });
  await page.reload();
  expect(await lang(page)).toBe('en');
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Email').fill(patient.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await toast(page, 'Inició sesión').waitFor();
  await page.waitForURL('**/dashboard');
  expect(await lang(page)).toBe('es');
  expect(await page.evaluate(() => localStorage.getItem('rxb-language'))).toBe('es');

  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
