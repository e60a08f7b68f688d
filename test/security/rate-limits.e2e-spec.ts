import { MESSAGES, RECORD_MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newPatient, upload } from '../records/helpers';
import { FILES } from '../support/sample-files';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({
    withWorker: false,
    env: {
      MAINTENANCE_BYPASS_CODE: 'open-sesame-2026',
      DOCUMENT_UPLOADS_PER_HOUR: '3',
      DOCUMENT_STORAGE_QUOTA_MB: '1',
    },
  });
});
afterAll(() => stack?.close());

describe('abuse limits (docs/product.md §6, §9)', () => {
  it('counts maintenance unlock guesses per address', async () => {
    const visitor = apiClient(stack.apiUrl);
    for (let i = 0; i < 10; i++) {
      expect((await visitor.post('/config/maintenance-unlock', { code: `guess-${i}` })).status).toBe(403);
    }
    const limited = await visitor.post('/config/maintenance-unlock', { code: 'open-sesame-2026' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect(
      (await apiClient(stack.apiUrl).post('/config/maintenance-unlock', { code: 'open-sesame-2026' })).status,
    ).toBe(200);
  });

  /** Calls `path` from one address until it answers 429; the statuses seen, and that answer. */
  async function untilLimited(path: string, body: unknown, max: number) {
    const visitor = apiClient(stack.apiUrl);
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await visitor.post(path, body)).status);
    const limited = await visitor.post(path, body);
    return { statuses, limited, visitor };
  }

  it.each([
    ['/auth/refresh', { refreshToken: 'not-a-real-refresh-token-0123456789' }, 120, 401],
    ['/auth/verify-email', { token: 'not-a-real-token' }, 30, 400],
    ['/payments/webhook', { type: 'forged' }, 600, 400],
  ])('limits %s per address', async (path, body, max, refusal) => {
    const { statuses, limited } = await untilLimited(path, body, max);
    expect(new Set(statuses)).toEqual(new Set([refusal]));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await apiClient(stack.apiUrl).post(path, body)).status).toBe(refusal);
  });

  it('serves the public blank packet from memory: the same file every time', async () => {
    const first = await fetch(`${stack.apiUrl}/packets/blank`);
    const second = await fetch(`${stack.apiUrl}/packets/blank`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(await second.arrayBuffer()))).toBe(true);
  });

  it('limits uploads per patient per hour', async () => {
    const { token } = await newPatient(apiClient(stack.apiUrl));
    for (let i = 0; i < 3; i++) {
      expect((await upload(stack, token, { bytes: FILES.pdf, name: 'scan.pdf', title: `Scan ${i}` })).status).toBe(201);
    }
    const limited = await upload(stack, token, { bytes: FILES.pdf, name: 'scan.pdf', title: 'One more' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(RECORD_MESSAGES.tooManyUploads);
    const other = await newPatient(apiClient(stack.apiUrl));
    expect((await upload(stack, other.token, { bytes: FILES.pdf, name: 'scan.pdf', title: 'Mine' })).status).toBe(201);
  });

  it("counts only uploads we would store: refused files and the quota's refusals leave the hour's count", async () => {
    const { token } = await newPatient(apiClient(stack.apiUrl));
    const send = async (bytes: Buffer, name: string) =>
      (await upload(stack, token, { bytes, name, title: name })).status;
    for (let i = 0; i < 4; i++) expect(await send(FILES.exe, 'setup.exe')).toBe(415);
    expect(await send(Buffer.alloc(0), 'empty.pdf')).toBe(400);
    // Over the 1 MB quota: counted while it was tried, given back once nothing was stored.
    const tooBig = Buffer.concat([FILES.pdf, Buffer.alloc(1100 * 1024, 0x20)]);
    for (let i = 0; i < 4; i++) expect(await send(tooBig, 'big.pdf')).toBe(429);
    for (let i = 0; i < 3; i++) expect(await send(FILES.pdf, `scan-${i}.pdf`)).toBe(201);
    const limited = await upload(stack, token, { bytes: FILES.pdf, name: 'scan.pdf', title: 'One more' });
    expect([limited.status, limited.body.message]).toEqual([429, RECORD_MESSAGES.tooManyUploads]);
  });

  it('keeps each patient within a storage quota', async () => {
    const { token } = await newPatient(apiClient(stack.apiUrl));
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(600 * 1024, 0x20)]);
    expect((await upload(stack, token, { bytes: big, name: 'a.pdf', title: 'First' })).status).toBe(201);
    const over = await upload(stack, token, { bytes: big, name: 'b.pdf', title: 'Second' });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(RECORD_MESSAGES.storageQuotaReached);
    const list = await apiClient(stack.apiUrl).get('/documents', token);
    expect(list.body.data.documents).toHaveLength(1);
  });
});
