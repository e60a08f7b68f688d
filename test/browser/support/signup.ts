import type { Locator, Page } from 'playwright-core';
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
