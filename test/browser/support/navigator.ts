import type { Locator, Page } from 'playwright-core';
import { PASSWORD } from '../../support/factories';
import type { ViewportName } from './browser';

/** Logs in through the landing page's Log In dialog, as anyone does (staff land on /navigator). */
export async function logInThroughUi(page: Page, viewport: ViewportName, email: string, password = PASSWORD) {
  await page.goto('/');
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Log In' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
}

/** An application's panel on the navigator's patient page. */
export const applicationPanel = (page: Page, medication: string) =>
  page.getByRole('region', { name: medication, exact: true });

/** The move buttons the panel offers (only the legal next states). */
export const moveButtons = (page: Page, medication: string) =>
  applicationPanel(page, medication)
    .getByRole('group', { name: `Move ${medication} to` })
    .getByRole('button');

/** Opens the move dialog for `to`, types the note and any details, and confirms; resolves once it closed. */
export async function moveInUi(
  page: Page,
  medication: string,
  to: string,
  note: string,
  fill?: (d: Locator) => Promise<void>,
) {
  await moveButtons(page, medication).getByText(to, { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Move to ${to}` });
  await dialog.getByLabel('Note').fill(note);
  await fill?.(dialog);
  await dialog.getByRole('button', { name: `Move to ${to}` }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Back to the top before a full-page picture, so the sticky header sits where it belongs. */
export async function scrollTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}
