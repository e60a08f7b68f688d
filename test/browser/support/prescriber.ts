import type { Page } from 'playwright-core';

// The prescriber's steps on the signing page (docs/product.md §16), shared by the specs that sign through a link.

export interface PrescriberSignature {
  name: string;
  npi: string;
  /** Only the identifiers the program asks for have fields on the page. */
  licenseNumber?: string;
  licenseState?: string;
  deaNumber?: string;
  taxId?: string;
}

/** The mailed link in a signing-request email. */
export const signingLinkIn = (mailText: string) => /(http\S+\/prescriber\/sign\?token=\S+)/.exec(mailText)![1];

/** Opens the mailed link; the page takes the token out of the address bar at once. */
export async function openSigningLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Prescriber signature' }).waitFor();
  await page.waitForURL((url) => !url.search.includes('token'));
}

/** Enters the patient's date of birth (YYYY-MM-DD) and continues, with the keyboard. */
export async function confirmDateOfBirth(page: Page, dateOfBirth: string) {
  const field = page.getByLabel('Patient’s date of birth');
  await field.waitFor();
  await field.fill(dateOfBirth);
  await field.press('Enter');
}

/** Fills the prescriber section and signs; resolves once the request is answered, whatever it says. */
export async function fillAndSign(page: Page, s: PrescriberSignature) {
  await page.getByLabel('Full name').fill(s.name);
  await page.getByLabel('NPI (10 digits)').fill(s.npi);
  if (s.licenseNumber !== undefined) await page.getByLabel('State license number').fill(s.licenseNumber);
  if (s.licenseState !== undefined) await page.getByLabel('License state').selectOption(s.licenseState);
  if (s.deaNumber !== undefined) await page.getByLabel('DEA number').fill(s.deaNumber);
  if (s.taxId !== undefined) await page.getByLabel('Tax ID (EIN)').fill(s.taxId);
  const attest = page.getByLabel(/I certify/);
  if (!(await attest.isChecked())) await attest.check();
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/prescriber-signatures') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign' }).press('Enter');
  await answered;
}

/** The whole sign-off through a mailed link: open it, give the date of birth, sign, and see "Signed". */
export async function signAsPrescriber(page: Page, link: string, dateOfBirth: string, signature: PrescriberSignature) {
  await openSigningLink(page, link);
  await confirmDateOfBirth(page, dateOfBirth);
  await page.getByRole('button', { name: 'Read the packet (PDF)' }).waitFor();
  await fillAndSign(page, signature);
  await page.getByRole('status').getByText('Signed').waitFor();
}
