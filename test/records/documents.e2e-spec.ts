import type { Client } from 'pg';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_DOCUMENT_BYTES, MESSAGES, RECORD_MESSAGES } from '@rxbridge/contracts';
import { signDocumentLink } from '@rxbridge/documents';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectDb, FILES, newPatient, newStaff, upload, type Api } from './helpers';

let stack: TestStack;
let api: Api;
let db: Client;

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

/** Every stored file, relative to the stack's STORAGE_DIR. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(stack.settings.STORAGE_DIR, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
const rowCount = async (userId: string) =>
  (await db.query('SELECT count(*)::int AS n FROM documents WHERE user_id = $1', [userId])).rows[0].n as number;

describe('upload', () => {
  it.each([
    ['pdf', FILES.pdf, 'application/pdf', 'scan.pdf'],
    ['png', FILES.png, 'image/png', 'card.png'],
    ['jpeg', FILES.jpeg, 'image/jpeg', 'card.jpg'],
    ['gif', FILES.gif, 'image/gif', 'card.gif'],
    ['doc', FILES.doc, 'application/msword', 'letter.doc'],
    ['docx', FILES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'letter.docx'],
    ['text', FILES.text, 'text/plain', 'notes.txt'],
  ])('accepts a %s file, stored encrypted, typed by its content', async (_kind, bytes, mimeType, name) => {
    const p = await newPatient(api);
    // The browser's claim is deliberately wrong: the server decides by content.
    const res = await upload(stack, p.token, {
      bytes,
      name,
      type: 'application/octet-stream',
      title: '  Insurance card  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Document uploaded' });
    expect(res.body.data.document).toEqual({
      id: expect.any(String),
      title: 'Insurance card',
      mimeType,
      fileSize: bytes.length,
      createdAt: expect.any(String),
    });
    const { rows } = await db.query('SELECT storage_key, original_name FROM documents WHERE id = $1', [
      res.body.data.document.id,
    ]);
    expect(rows[0].original_name).toBe(name);
    const stored = await readFile(join(stack.settings.STORAGE_DIR, rows[0].storage_key));
    // iv (12) | tag (16) | ciphertext of the same length, and no trace of the plain bytes.
    expect(stored.length).toBe(bytes.length + 28);
    expect(stored.includes(bytes.subarray(0, 16))).toBe(false);
  });

  it('refuses a spoofed type with 415, whatever the name and declared type say', async () => {
    const p = await newPatient(api);
    for (const [bytes, name, type] of [
      [FILES.exe, 'invoice.pdf', 'application/pdf'],
      [FILES.html, 'notes.txt', 'text/plain'],
      [FILES.xlsx, 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'utf16.txt', 'text/plain'],
    ] as const) {
      const res = await upload(stack, p.token, { bytes, name, type });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        success: false,
        message: MESSAGES.invalidFileType,
        error: { code: 'invalid-file-type' },
      });
    }
    expect(await rowCount(p.id)).toBe(0);
  });

  it('refuses a file over 10 MB with 413, and takes one of exactly 10 MB', async () => {
    const p = await newPatient(api);
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x61);
    const res = await upload(stack, p.token, { bytes: big, name: 'big.txt' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      success: false,
      message: MESSAGES.fileTooLarge,
      error: { code: 'file-too-large' },
    });
    expect(await rowCount(p.id)).toBe(0);

    const max = await upload(stack, p.token, { bytes: Buffer.alloc(MAX_DOCUMENT_BYTES, 0x61), name: 'max.txt' });
    expect(max.status).toBe(201);
    expect(max.body.data.document.fileSize).toBe(MAX_DOCUMENT_BYTES);
  });

  it.each([
    ['no file', { title: 'Card' }, MESSAGES.missingFileOrTitle, 'document'],
    ['no title', { bytes: FILES.pdf, title: null }, MESSAGES.missingFileOrTitle, 'title'],
    ['a blank title', { bytes: FILES.pdf, title: '   ' }, MESSAGES.missingFileOrTitle, 'title'],
    ['an empty file', { bytes: Buffer.alloc(0), title: 'Card' }, RECORD_MESSAGES.emptyFile, 'document'],
    ['a file in another field', { bytes: FILES.pdf, field: 'attachment' }, RECORD_MESSAGES.oneFileOnly, 'document'],
    [
      'a title over 200 characters',
      { bytes: FILES.pdf, title: 'x'.repeat(201) },
      'Title must be at most 200 characters',
      'title',
    ],
  ])('refuses %s with 400', async (_case, input, message, field) => {
    const p = await newPatient(api);
    const res = await upload(stack, p.token, input);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error!.fields![field]).toBe(message);
    expect(await rowCount(p.id)).toBe(0);
  });

  it('refuses a JSON body and a visitor without a login', async () => {
    const p = await newPatient(api);
    const json = await api.post('/documents/upload', { title: 'Card' }, p.token);
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(MESSAGES.missingFileOrTitle);
    const form = new FormData();
    form.append('document', new Blob([FILES.pdf]), 'a.pdf');
    form.append('title', 'Card');
    const anonymous = await fetch(`${stack.apiUrl}/documents/upload`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
  });
});

describe('list', () => {
  it('pages 5 at a time, newest first, with search on the title', async () => {
    const p = await newPatient(api);
    const empty = await api.get('/documents', p.token);
    expect(empty.body.data).toEqual({
      documents: [],
      pagination: { currentPage: 1, totalPages: 0, totalCount: 0, hasPrevPage: false, hasNextPage: false },
    });

    const titles = [
      'Card front',
      'Card back',
      'Income 2024',
      'Income 2025',
      'Letter 50%_off',
      'Letter plain',
      'Tax return',
    ];
    for (const title of titles) expect((await upload(stack, p.token, { bytes: FILES.pdf, title })).status).toBe(201);
    const newestFirst = [...titles].reverse();

    const page1 = await api.get('/documents', p.token);
    expect(page1.body.data.documents.map((d: { title: string }) => d.title)).toEqual(newestFirst.slice(0, 5));
    expect(page1.body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalCount: 7,
      hasPrevPage: false,
      hasNextPage: true,
    });

    const page2 = await api.get('/documents?page=2&limit=5', p.token);
    expect(page2.body.data.documents.map((d: { title: string }) => d.title)).toEqual(newestFirst.slice(5));
    expect(page2.body.data.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 7,
      hasPrevPage: true,
      hasNextPage: false,
    });

    const beyond = await api.get('/documents?page=9', p.token);
    expect(beyond.body.data.documents).toEqual([]);
    expect(beyond.body.data.pagination).toMatchObject({
      currentPage: 9,
      totalPages: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });

    const exact = await api.get('/documents?limit=7', p.token);
    expect(exact.body.data.pagination).toMatchObject({ totalPages: 1, hasNextPage: false });

    const search = await api.post('/documents/search', { search: ' income ' }, p.token);
    expect(search.body.data.documents.map((d: { title: string }) => d.title)).toEqual(['Income 2025', 'Income 2024']);
    expect(search.body.data.pagination).toMatchObject({ totalCount: 2, totalPages: 1 });

    const paged = await api.post('/documents/search', { search: 'card', limit: 1, page: 2 }, p.token);
    expect(paged.body.data.documents.map((d: { title: string }) => d.title)).toEqual(['Card front']);
    expect(paged.body.data.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });

    // % and _ are matched as typed, not as wildcards.
    const literal = await api.post('/documents/search', { search: '50%_' }, p.token);
    expect(literal.body.data.documents.map((d: { title: string }) => d.title)).toEqual(['Letter 50%_off']);
    expect((await api.post('/documents/search', { search: '%' }, p.token)).body.data.pagination.totalCount).toBe(1);

    const none = await api.post('/documents/search', { search: 'passport' }, p.token);
    expect(none.body.data).toEqual({
      documents: [],
      pagination: { currentPage: 1, totalPages: 0, totalCount: 0, hasPrevPage: false, hasNextPage: false },
    });
    // An empty search is no search.
    expect((await api.post('/documents/search', { search: '' }, p.token)).body.data.pagination.totalCount).toBe(7);
    // Words never in an address, which a proxy's log keeps: the GET refuses them and names the POST.
    const inAddress = await api.get('/documents?search=income', p.token);
    expect([inAddress.status, inAddress.body.error!.fields!.search]).toEqual([
      400,
      'search goes in the body of POST /api/v1/documents/search, never in an address',
    ]);
  });

  it.each([
    ['page=0', 'page', 'page must be at least 1'],
    ['page=abc', 'page', 'page must be a whole number'],
    ['page=1.5', 'page', 'page must be a whole number'],
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['limit=51', 'limit', 'limit must be at most 50'],
  ])('refuses %s with 400', async (query, field, message) => {
    const p = await newPatient(api);
    const res = await api.get(`/documents?${query}`, p.token);
    expect(res.status).toBe(400);
    expect(res.body.error!.fields![field]).toBe(message);
  });
});

describe('access and file', () => {
  it('answers a short-lived signed link that serves the decrypted file with safe headers', async () => {
    const p = await newPatient(api);
    const up = await upload(stack, p.token, { bytes: FILES.text, name: 'résumé "final".html', title: 'Notes' });
    expect(up.status).toBe(201);
    const id = up.body.data.document.id;

    const res = await api.get(`/documents/${id}/access`, p.token);
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.accessUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.apiUrl}/documents/${id}/file`);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(250);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300);

    // Opened in a new tab: no bearer token.
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(FILES.text)).toBe(true);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    // Whatever the file holds, it runs nothing in our origin when opened in a tab.
    expect(file.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    // The served name carries the real type's extension, never a quote that could break the header.
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="r_sum_ final.html.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.html.txt`,
    );

    const pdf = await upload(stack, p.token, { bytes: FILES.pdf, name: 'scan.pdf' });
    const pdfLink = (await api.get(`/documents/${pdf.body.data.document.id}/access`, p.token)).body.data.accessUrl;
    const pdfFile = await fetch(pdfLink);
    expect(pdfFile.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdfFile.arrayBuffer()).equals(FILES.pdf)).toBe(true);
  });

  it('refuses a forged, altered or expired link with 403', async () => {
    const p = await newPatient(api);
    const a = (await upload(stack, p.token, { bytes: FILES.pdf })).body.data.document.id;
    const b = (await upload(stack, p.token, { bytes: FILES.png })).body.data.document.id;
    const url = new URL((await api.get(`/documents/${a}/access`, p.token)).body.data.accessUrl);

    const other = new URL(url.toString().replace(a, b));
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    for (const forged of [other, later, unsigned]) {
      const res = await fetch(forged);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(RECORD_MESSAGES.documentLinkInvalid);
    }

    // A link signed with the server's secret whose time is up.
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await fetch(
      `${stack.apiUrl}/documents/${a}/file?expires=${past}&signature=${signDocumentLink(stack.settings.JWT_SECRET, a, past)}`,
    );
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toBe(RECORD_MESSAGES.documentLinkExpired);
  });

  it('lets a navigator open a patient document, writing the read to the audit log; the owner is not audited', async () => {
    const p = await newPatient(api);
    const nav = await newStaff(api, db, 'NAVIGATOR');
    const id = (await upload(stack, p.token, { bytes: FILES.pdf })).body.data.document.id;

    await api.get(`/documents/${id}/access`, p.token);
    expect((await db.query('SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1', [id])).rows[0].n).toBe(0);

    const res = await api.get(`/documents/${id}/access`, nav.token);
    expect(res.status).toBe(200);
    expect((await fetch(res.body.data.accessUrl)).status).toBe(200);
    const { rows } = await db.query('SELECT * FROM audit_log WHERE entity_id = $1', [id]);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_id: nav.id,
        actor_role: 'NAVIGATOR',
        action: 'document.access',
        subject_user_id: p.id,
        entity_type: 'document',
      }),
    ]);
    // Staff reach documents through the audited access only: the list is their own.
    expect((await api.get('/documents', nav.token)).body.data.pagination.totalCount).toBe(0);
    expect((await api.delete(`/documents/${id}`, nav.token)).status).toBe(404);
  });
});

describe('delete', () => {
  it('removes the row and then the file; the old link stops working', async () => {
    const p = await newPatient(api);
    const id = (await upload(stack, p.token, { bytes: FILES.pdf })).body.data.document.id;
    const { rows } = await db.query('SELECT storage_key FROM documents WHERE id = $1', [id]);
    const link = (await api.get(`/documents/${id}/access`, p.token)).body.data.accessUrl;

    const res = await api.delete(`/documents/${id}`, p.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { success: true }, message: 'Document deleted' });
    expect(await rowCount(p.id)).toBe(0);
    expect((await storedFiles()).some((f) => f.endsWith(rows[0].storage_key))).toBe(false);
    expect((await fetch(link)).status).toBe(404);
    expect((await api.delete(`/documents/${id}`, p.token)).status).toBe(404);
  });
});

describe('an upload that fails half-way', () => {
  it('keeps no row and no file when the commit fails after the file was written', async () => {
    const p = await newPatient(api);
    // A deferred constraint trigger runs at COMMIT: the insert and the file write succeed, the commit fails.
    await db.query(`
      CREATE OR REPLACE FUNCTION test_fail_commit() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'commit refused for the test'; END $$ LANGUAGE plpgsql`);
    await db.query(`
      CREATE CONSTRAINT TRIGGER test_fail_commit AFTER INSERT ON documents DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.title = 'fail at commit') EXECUTE FUNCTION test_fail_commit()`);
    const before = await storedFiles();
    try {
      const res = await upload(stack, p.token, { bytes: FILES.pdf, title: 'fail at commit' });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(MESSAGES.internalError);
    } finally {
      await db.query('DROP TRIGGER test_fail_commit ON documents');
    }
    expect(await rowCount(p.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });
});
