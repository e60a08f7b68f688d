import type { Page } from 'playwright-core';
import { toast, useStackAndBrowser, newPage } from './support/browser';
import { createPatient, openDashboard } from './support/patient';

const ctx = useStackAndBrowser();

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/** Drops a file on the upload form, as a file dragged from the desktop would arrive. */
async function dropFile(page: Page, name: string, type: string, content: string) {
  const transfer = await page.evaluateHandle(
    ({ name, type, content }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], name, { type }));
      return dt;
    },
    { name, type, content },
  );
  const form = page.getByRole('form', { name: 'Upload a document' });
  await form.dispatchEvent('dragover', { dataTransfer: transfer });
  await form.dispatchEvent('drop', { dataTransfer: transfer });
}

test('upload: a dropped file gets the same checks, and a progress bar while it is sent', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: 'Update Documents' }).click();
  const d = page.getByRole('dialog', { name: 'Your documents' });
  const form = d.getByRole('form', { name: 'Upload a document' });

  // A dropped file of a refused type meets the same check and message as a chosen one.
  await dropFile(page, 'setup.exe', 'application/x-msdownload', 'MZ');
  expect(await form.getByLabel('Title').inputValue()).toBe('setup');
  await form.getByRole('button', { name: 'Upload' }).click();
  await toast(page, 'Invalid file type').waitFor();

  // The answer is held until the bar has been seen: no timing involved.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/documents/upload', async (route) => {
    await held;
    await route.continue();
  });
  await dropFile(page, 'Insurance card.pdf', 'application/pdf', PDF);
  expect(await form.getByLabel('Title').inputValue()).toBe('Insurance card');
  await form.getByRole('button', { name: 'Upload' }).click();
  await form.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
  release();
  await toast(page, 'Document uploaded').waitFor();
  await form.getByRole('progressbar').waitFor({ state: 'detached' });
  await d.getByRole('list', { name: 'Documents' }).getByText('Insurance card').waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
});
