import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newPatient } from '../records/helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
});
afterAll(() => stack?.close());

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { success?: boolean; message?: string; error?: { code?: string; message?: string; requestId?: string } };
}

/**
 * One request over node:http, the path sent byte for byte (fetch would normalise it). With `sendBytes`
 * below the declared length, the answer must come while the rest of the body is still unsent.
 */
function raw(
  method: string,
  path: string,
  opts: { headers?: Record<string, string | number>; body?: Buffer | string; sendBytes?: number } = {},
): Promise<RawAnswer> {
  const { port } = new URL(stack.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { 'X-Forwarded-For': `10.66.${Math.floor(Math.random() * 250)}.1`, ...opts.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: RawAnswer['body'];
          try {
            body = JSON.parse(text);
          } catch {
            return reject(
              new Error(`${method} ${path.slice(0, 80)} answered ${res.statusCode} with non-JSON: ${text}`),
            );
          }
          resolve({ status: res.statusCode!, headers: res.headers, body });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    if (opts.body === undefined) return void req.end();
    const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body;
    if (opts.sendBytes === undefined) return void req.end(body);
    // Part of the body only: the request stays open until the answer has come.
    req.write(body.subarray(0, opts.sendBytes));
  });
}

/** Every answer, the framework's own refusals included: the error envelope and the API's security headers. */
function expectApiFailure(res: RawAnswer, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.error?.code).toBe(code);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.body.error?.message).toBe(res.body.message);
  expect(res.body.error?.requestId).toEqual(expect.any(String));
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
}

describe("the framework's own answers keep the contract (docs/architecture.md §13)", () => {
  it('answers a malformed %-encoding with a 400 in the envelope, on the API and on a page path', async () => {
    const api = await raw('GET', '/api/v1/documents/%E0%A4%A');
    expectApiFailure(api, 400, 'bad-url');
    expect(api.body.message).toMatch(/address/i);
    const page = await raw('GET', '/%E0%A4%A');
    expect(page.status).toBe(400);
    expect(page.body.success).toBe(false);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Pages connect to the app's own origin only (its socket included), never to any ws: or wss: host.
    const connect = String(page.headers['content-security-policy'])
      .match(/connect-src ([^;]*)/)![1]
      .split(' ');
    expect(connect).toEqual(["'self'", expect.stringMatching(/^wss?:\/\/[^/]+$/)]);
  });

  it('answers an over-long path segment with the envelope', async () => {
    expectApiFailure(await raw('GET', `/api/v1/documents/${'a'.repeat(500)}/access`), 414, 'uri-too-long');
  });

  it('answers an unknown endpoint with a 404 in the envelope', async () => {
    const res = await raw('GET', '/api/v1/no-such-thing');
    expectApiFailure(res, 404, 'not-found');
  });

  it('answers a 2 MB JSON body with 413 in the envelope, and the connection stays usable', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await raw('POST', '/api/v1/users/login', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(big) },
      body: big,
    });
    expectApiFailure(res, 413, 'payload-too-large');
    // The same through fetch, as a browser sends it: an answer, not a dropped connection.
    const viaFetch = await apiClient(stack.apiUrl).call('POST', '/users/login', big, undefined, {
      'Content-Type': 'application/json',
    });
    expect(viaFetch.status).toBe(413);
    expect(viaFetch.body.error!.code).toBe('payload-too-large');
  });

  it('answers 413 before a body over the limit is read in full', async () => {
    const declared = 2 * 1024 * 1024;
    const res = await raw('POST', '/api/v1/users/login', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': declared },
      body: Buffer.alloc(declared, 0x20),
      sendBytes: 64 * 1024,
    });
    expectApiFailure(res, 413, 'payload-too-large');
  });

  it('answers 413 to a chunked JSON body once it passes the limit', async () => {
    const res = await raw('POST', '/api/v1/users/login', {
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: Buffer.alloc(2 * 1024 * 1024, 0x20),
      sendBytes: 1100 * 1024,
    });
    expectApiFailure(res, 413, 'payload-too-large');
  });

  it('answers an upload over the size limit with 413 before reading it', async () => {
    const { token } = await newPatient(apiClient(stack.apiUrl));
    const declared = 40 * 1024 * 1024;
    const res = await raw('POST', '/api/v1/documents/upload', {
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'multipart/form-data; boundary=xyz',
        'Content-Length': declared,
      },
      body: Buffer.concat([
        Buffer.from('--xyz\r\nContent-Disposition: form-data; name="document"; filename="big.pdf"\r\n\r\n%PDF-1.4\n'),
        Buffer.alloc(64 * 1024, 0x20),
      ]),
      sendBytes: 32 * 1024,
    });
    expectApiFailure(res, 413, 'file-too-large');
  });

  it('answers a wrong content type with 415 in the envelope', async () => {
    const res = await raw('POST', '/api/v1/users/login', {
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=a@example.com',
    });
    expectApiFailure(res, 415, 'unsupported-media-type');
  });

  it('answers malformed JSON with a 400 naming the problem', async () => {
    const res = await raw('POST', '/api/v1/users/login', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expectApiFailure(res, 400, 'malformed-json');
  });

  it('answers a null or bare-value JSON body with a 400, and an array where an object is due', async () => {
    const api = apiClient(stack.apiUrl);
    const { token } = await newPatient(api);
    // signup-complete once answered 200 with a new token to a null body.
    for (const body of ['null', '42', '"text"', 'true']) {
      const res = await api.call('POST', '/users/signup-complete', body, token, { 'Content-Type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body.error!.code).toBe('malformed-body');
      expect(res.body.message).toBe('The request body must be a JSON object or array');
      expect(res.body.data).toBeUndefined();
    }
    // An array reaches the route (a bulk route takes one), whose schema wants an object.
    for (const body of ['[]', '[{"sessionId":"x"}]']) {
      const res = await api.call('POST', '/users/signup-complete', body, token, { 'Content-Type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body.error!.code).toBe('validation-failed');
      expect(res.body.data).toBeUndefined();
    }
    const login = await api.call('POST', '/users/login', 'null', undefined, { 'Content-Type': 'application/json' });
    expect(login.status).toBe(400);
    expect(login.body.error!.code).toBe('malformed-body');
    // An object still works.
    expect((await api.post('/users/signup-complete', {}, token)).status).toBe(200);
  });
});
