import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PASSWORD } from '../../support/factories';

/** The signup wizard (docs/product.md, Signup) and its Next button. */
export const signupWizard = (page: Page) => page.getByRole('dialog', { name: 'Get Started Today' });
export const nextStep = (d: Locator) => d.getByRole('button', { name: 'Next' });

/** Who signs up: steps 1 and 2 of the wizard, as a person types them. */
export interface SignupPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** yyyy-mm-dd, as a date input takes it. */
  dateOfBirth: string;
  gender: string;
  maritalStatus: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** Step 1: basic information. */
export async function fillBasicInfo(d: Locator, p: SignupPerson): Promise<void> {
  await d.getByLabel('First name', { exact: true }).fill(p.firstName);
  await d.getByLabel('Last name', { exact: true }).fill(p.lastName);
  await d.getByLabel('Email').fill(p.email);
  await d.getByLabel('Phone').fill(p.phone);
  await d.getByLabel('Date of birth').fill(p.dateOfBirth);
}

/** Step 2: personal details and the mailing address. */
export async function fillPersonalDetails(d: Locator, p: SignupPerson): Promise<void> {
  await d.getByLabel('Gender').selectOption({ label: p.gender });
  await d.getByLabel('Marital status').selectOption({ label: p.maritalStatus });
  await d.getByLabel('Street address').fill(p.street);
  await d.getByLabel('City').fill(p.city);
  await d.getByLabel('State').selectOption(p.state);
  await d.getByLabel('ZIP').fill(p.zip);
}

/** Step 3: the password twice and the terms. */
export async function fillSecurity(d: Locator): Promise<void> {
  await d.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await d.getByLabel('Confirm password').fill(PASSWORD);
  await d.getByRole('checkbox').check();
}

/** Steps 1 to 3, each followed by Next: the wizard then shows step 4, the doctors. */
export async function fillAccountSteps(d: Locator, p: SignupPerson): Promise<void> {
  await fillBasicInfo(d, p);
  await nextStep(d).click();
  await fillPersonalDetails(d, p);
  await nextStep(d).click();
  await fillSecurity(d);
  await nextStep(d).click();
}

/** A browser that prefers Spanish: its requests say so and the device keeps the choice, as the language control does. */
export async function speakSpanish(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({ 'Accept-Language': 'es-US,es;q=0.9' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('rxb-language')) localStorage.setItem('rxb-language', 'es');
  });
}

/** The words a test needs to open the wizard and move on, in the language the page speaks. */
export const WIZARD_WORDS = {
  en: { start: 'Start Subscription', wizard: 'Get Started Today', next: 'Next' },
  es: { start: 'Comenzar la suscripción', wizard: 'Empiece hoy', next: 'Continuar' },
} as const;

/**
 * Opens the wizard from the landing page and fills steps 1 to 3 by the fields' names (in either language): the
 * wizard then shows step 4, the doctors.
 */
export async function openAndFillAccount(page: Page, lang: keyof typeof WIZARD_WORDS, email: string): Promise<Locator> {
  const t = WIZARD_WORDS[lang];
  await page.goto('/');
  await page.getByRole('button', { name: t.start }).first().click();
  const d = page.getByRole('dialog', { name: t.wizard });
  const field = (name: string) => d.locator(`[name="${name}"]`);
  await field('firstName').fill('Irene');
  await field('lastName').fill('Castillo');
  await field('email').fill(email);
  await field('phone').fill('(614) 555-0160');
  await field('dateOfBirth').fill('1954-09-02');
  await d.getByRole('button', { name: t.next }).click();
  await field('gender').selectOption('female');
  await field('maritalStatus').selectOption('widowed');
  await field('mailingStreet').fill('8 Birch Lane');
  await field('mailingCity').fill('Columbus');
  await field('mailingState').selectOption('OH');
  await field('mailingZip').fill('43004');
  await d.getByRole('button', { name: t.next }).click();
  await field('password').fill(PASSWORD);
  await field('confirmPassword').fill(PASSWORD);
  await d.getByRole('checkbox').check();
  await nextAndSettle(d, t.next);
  return d;
}

/**
 * Next, pressed: the focus is taken to the new step's title once it shows, so a test waits for that before it moves
 * the focus itself (else the title could take it back).
 */
export async function nextAndSettle(d: Locator, next = 'Next'): Promise<void> {
  await d.getByRole('button', { name: next }).click();
  await d.locator('h3:focus').waitFor();
}

/** The element the field's aria-describedby names, and whether the field says it is invalid. */
export async function messageOf(field: Locator): Promise<{ invalid: string | null; text: string | null }> {
  const [invalid, describedBy] = await Promise.all([
    field.getAttribute('aria-invalid'),
    field.getAttribute('aria-describedby'),
  ]);
  const text = describedBy ? await field.page().locator(`[id="${describedBy}"]`).innerText() : null;
  return { invalid, text };
}
