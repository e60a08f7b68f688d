import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { toast, untilSettled, useStackAndBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { createNavigator, createPatient, openDashboard, uploadOverApi, waitForApplications } from './support/patient';

// 27 uploads for one patient: above the hourly upload limit (docs/product.md §13), which has its own test.
const ctx = useStackAndBrowser({ env: { DOCUMENT_UPLOADS_PER_HOUR: '100' } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function openDocuments(page: Page) {
  await page.getByRole('button', { name: 'Update Documents' }).click();
  const d = page.getByRole('dialog', { name: 'Your documents' });
  await d.waitFor();
  return d;
}

describe.each<ViewportName>(['desktop', 'phone'])('documents (%s)', (viewport) => {
  test('5 per page with at most 5 page numbers, search, open in a new tab, delete with confirmation', async () => {
    const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
    // 27 documents: 6 pages. Uploaded oldest first, so "Report 27" is the newest.
    for (let i = 1; i <= 27; i++) await uploadOverApi(ctx.stack, patient, `Report ${i}`, `Contents of report ${i}`);
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await openDashboard(page, patient);
    const d = await openDocuments(page);
    const rows = d.getByRole('list', { name: 'Documents' }).getByRole('listitem');
    await d.getByText('Showing 1–5 of 27').waitFor();
    expect(await rows.count()).toBe(5);
    const pages = d.getByRole('navigation', { name: 'Document pages' });
    const numbers = async () => (await pages.getByRole('button', { name: /^Page \d+$/ }).allInnerTexts()).map(Number);
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
    await screenshot(page, 'documents-dialog', { fullPage: false });

    await pages.getByRole('button', { name: 'Page 5' }).click();
    await d.getByText('Showing 21–25 of 27').waitFor();
    // By the keyboard onto the last page: Next is disabled there, and the focus goes to the page's number, not to
    // the page's start.
    await pages.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await d.getByText('Showing 26–27 of 27').waitFor();
    expect(await numbers()).toEqual([2, 3, 4, 5, 6]);
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Page 6');

    // Search starts again on page 1; its words (a document's title) are in no address the browser asks for.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await d.getByLabel('Search documents').fill('Report 13');
    await d.getByText('Showing 1–1 of 1').waitFor();
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Report 13')]);
    expect(asked.filter((url) => /report/i.test(decodeURIComponent(url)))).toEqual([]);

    // Opened in a new tab through the signed access link.
    const tab = context.waitForEvent('page');
    await d.getByRole('button', { name: 'Open Report 13' }).click();
    const opened = await tab;
    await opened.waitForURL(/\/documents\/.+\/file\?/);
    expect(await opened.locator('body').innerText()).toContain('Contents of report 13');
    await opened.close();

    // Delete asks first.
    await d.getByRole('button', { name: 'Delete Report 13' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this document?' });
    await confirm.getByText('“Report 13” will be permanently deleted.').waitFor();
    await screenshot(page, 'documents-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete document' }).click();
    await toast(page, 'Document deleted').waitFor();
    await d.getByText('No documents match “Report 13”.').waitFor();
    const left = await patient.api.get('/documents?limit=50', patient.token);
    expect(left.body.data.pagination.totalCount).toBe(26);
    await context.close();
  }, 120_000);
});

test('upload: title from the file name, the checks before sending, the server’s refusal, and back to page 1', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  for (let i = 1; i <= 6; i++) await uploadOverApi(ctx.stack, patient, `Old ${i}`);
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const d = await openDocuments(page);
  await d.getByRole('navigation', { name: 'Document pages' }).getByRole('button', { name: 'Page 2' }).click();
  await d.getByText('Showing 6–6 of 6').waitFor();
  const upload = d.getByRole('form', { name: 'Upload a document' });
  const file = upload.getByLabel('File');
  const title = upload.getByLabel('Title');
  const submit = upload.getByRole('button', { name: 'Upload' });
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/documents/upload') && posts.push(r.url()));

  // Nothing chosen.
  await submit.click();
  await toast(page, 'Missing information').waitFor();
  await upload.getByText('Please select a file and enter a title').waitFor();

  // Too large: checked before sending.
  await file.setInputFiles({
    name: 'huge scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
  });
  expect(await title.inputValue()).toBe('huge scan');
  await submit.click();
  await toast(page, 'File too large').waitFor();
  await upload.getByText('File size must be less than 10MB').waitFor();

  // A type that is not allowed.
  await file.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await submit.click();
  await toast(page, 'Invalid file type').waitFor();
  await upload.getByText('Please upload PDF, images, Word documents, or text files').waitFor();

  // A blank title.
  await file.setInputFiles({ name: 'Lab results.pdf', mimeType: 'application/pdf', buffer: PDF });
  await title.fill('   ');
  await submit.click();
  await upload.getByText('Please select a file and enter a title').waitFor();
  expect(posts).toEqual([]);
  await screenshot(page, 'documents-upload-rejected', { fullPage: false });

  // Named .pdf but not a PDF: the server checks the content and refuses it.
  await file.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0, 1, 2, 3, 4, 5, 0xff, 0]),
  });
  await submit.click();
  // The same words as the check before sending (docs/product.md §6.4).
  await toast(page, 'Invalid file type').waitFor();
  await upload.getByText('Invalid file type: Please upload PDF, images, Word documents, or text files').waitFor();

  // A real one: the list goes back to page 1 and shows it first.
  await file.setInputFiles({ name: 'Lab results.final.pdf', mimeType: 'application/pdf', buffer: PDF });
  expect(await title.inputValue()).toBe('Lab results.final');
  await submit.click();
  await toast(page, 'Document uploaded').waitFor();
  await d.getByText('Showing 1–5 of 7').waitFor();
  expect(await d.getByRole('list', { name: 'Documents' }).getByRole('listitem').first().innerText()).toContain(
    'Lab results.final',
  );
  expect(await title.inputValue()).toBe('');
  await screenshot(page, 'documents-uploaded', { fullPage: false });
  await context.close();
}, 120_000);

/** Whether the keyboard's focus is on `target` (a locator that must match one element). */
const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** What has the keyboard's focus, by its accessible name (else its role or tag), for a failure that reads. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el && 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent : null;
    return el?.getAttribute('aria-label') ?? label ?? el?.getAttribute('role') ?? el?.tagName ?? null;
  });

test('keyboard only: a deleted document hands the focus to the next row’s Delete, else the previous row’s, else the search (WCAG 2.4.3)', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS' });
  // Newest first: Report 3, Report 2, Report 1.
  for (let i = 1; i <= 3; i++) await uploadOverApi(ctx.stack, patient, `Report ${i}`);
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const d = await openDocuments(page);
  await d.getByText('Showing 1–3 of 3').waitFor();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this document?' });
  const deleteByKeyboard = async (title: string) => {
    await d.getByRole('button', { name: `Delete ${title}` }).focus();
    await page.keyboard.press('Enter');
    // The confirmation starts on Cancel; Tab goes to Delete document.
    await confirm.waitFor();
    await page.keyboard.press('Tab');
    expect(await hasFocus(confirm.getByRole('button', { name: 'Delete document' }))).toBe(true);
    await page.keyboard.press('Enter');
    await d.getByRole('button', { name: `Delete ${title}` }).waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    await untilSettled(page);
  };

  // A middle row: the next row's Delete.
  await deleteByKeyboard('Report 2');
  expect(await focused(page)).toBe('Delete Report 1');
  // The last row: the previous row's Delete.
  await deleteByKeyboard('Report 1');
  expect(await focused(page)).toBe('Delete Report 3');
  // The only row: the list's search, above where it was.
  await deleteByKeyboard('Report 3');
  await d.getByText('No documents uploaded yet.').waitFor();
  expect(await focused(page)).toBe('Search documents');
  await context.close();
}, 120_000);

test('a checklist item’s refused upload stays beside the item until the next attempt; Upload and Sign, once gone, hand the focus on (phone, Spanish)', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    firstName: 'Maria',
    lastName: 'Gomez',
    preferredLanguage: 'es',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
  });
  const [application] = await waitForApplications(patient, 1);
  const navigator = await createNavigator(ctx.stack);
  await navigator.move(application!.id, 'AWAITING_DOCUMENTS', 'Please send your proof of income');
  const { page, context } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await page.addInitScript(() => localStorage.setItem('rxb-language', 'es'));
  await openDashboard(page, patient, '/dashboard', `¡Le damos la bienvenida de nuevo, ${patient.firstName}!`);
  await page.getByRole('button', { name: /^Solicitud de Ozempic: / }).click();
  const d = page.getByRole('dialog', { name: 'Solicitud de Ozempic' });
  // The first item missing, with its Upload ("Subir …").
  const item = d
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Subir / }) })
    .first();
  const upload = item.getByRole('button', { name: /^Subir / });
  const chooser = page.waitForEvent('filechooser');
  await upload.focus();
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'escaneo.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) });
  await toast(page, 'El archivo es demasiado grande').waitFor();
  const refusal = item.getByRole('alert');
  await refusal.getByText('El archivo es demasiado grande').waitFor();
  // Still there once the toast has gone.
  await toast(page, 'El archivo es demasiado grande').waitFor({ state: 'detached', timeout: 15_000 });
  expect(await refusal.innerText()).toContain('El archivo es demasiado grande');
  await expectAccessible(page, 'a refused upload on a checklist item');
  await expectNoOverflow(page, 'a refused upload on a checklist item');
  await refusal.scrollIntoViewIfNeeded();
  await screenshot(page, 'application-upload-refused-es-phone', { fullPage: false });
  await page.screenshot({ path: '/tmp/application-upload-refused-es-phone.png' });

  // The next attempt clears it; the item received, its Upload goes and the focus moves to the next item's.
  const missing = d.getByRole('button', { name: /^Subir / });
  const [first, next] = await missing.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  const again = page.waitForEvent('filechooser');
  await upload.focus();
  await page.keyboard.press('Enter');
  await (await again).setFiles({ name: 'ingresos.pdf', mimeType: 'application/pdf', buffer: PDF });
  await refusal.waitFor({ state: 'detached' });
  await d.getByRole('button', { name: first!, exact: true }).waitFor({ state: 'detached' });
  expect(await focused(page)).toBe(next);

  // Signed, the Sign button goes: the focus goes to what is still needed, not to the dialog.
  const needed = d.getByRole('region', { name: 'Lo que todavía necesitamos de usted' });
  await needed.getByRole('button', { name: 'Firmar', exact: true }).focus();
  await page.keyboard.press('Enter');
  const signing = page.getByRole('dialog', { name: 'Firme su solicitud de Ozempic' });
  await signing.getByLabel('Nombre completo').fill('Maria Gomez');
  await signing.getByRole('checkbox').nth(0).check();
  await signing.getByRole('checkbox').nth(1).check();
  await signing.getByLabel('Nombre completo').press('Enter');
  await needed.getByRole('button', { name: 'Firmar', exact: true }).waitFor({ state: 'detached' });
  await signing.waitFor({ state: 'detached' });
  await untilSettled(page);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Lo que todavía necesitamos de usted');
  await context.close();
}, 120_000);

test('a checklist upload whose attach failed is attached on the retry, not stored twice', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Mounjaro', dosage: '5 mg', frequency: 'Weekly' }],
  });
  const [application] = await waitForApplications(patient, 1);
  const navigator = await createNavigator(ctx.stack);
  await navigator.move(application!.id, 'AWAITING_DOCUMENTS', 'Please send your proof of income');
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('button', { name: /^Mounjaro application: / }).click();
  const d = page.getByRole('dialog', { name: 'Mounjaro application' });
  const upload = d.getByRole('button', { name: /^Upload / }).first();
  const label = (await upload.getAttribute('aria-label'))!;

  // The file is stored; attaching it fails once (the API is restarting).
  let attaches = 0;
  await page.route(`**/api/v1/applications/${application!.id}/documents`, (route) =>
    attaches++ === 0
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"Try again"}' })
      : route.continue(),
  );
  const file = { name: 'income.pdf', mimeType: 'application/pdf', buffer: PDF };
  const chooser = page.waitForEvent('filechooser');
  await upload.click();
  await (await chooser).setFiles(file);
  await d.getByRole('alert').waitFor();

  // The same file again: attached now, and stored once.
  const again = page.waitForEvent('filechooser');
  await d.getByRole('button', { name: label, exact: true }).click();
  await (await again).setFiles(file);
  await toast(page, 'Document added to your application').waitFor();
  const documents = (await patient.api.get('/documents', patient.token)).body.data.documents as { title: string }[];
  expect(documents).toHaveLength(1);
  expect(attaches).toBe(2);
  expect(pageErrors).toEqual([]);
  await context.close();
});
