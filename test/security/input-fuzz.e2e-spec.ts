import { randomUUID } from 'node:crypto';
import { startStack, type TestStack } from '../support/stack';
import { servedRoutes } from '../support/routes';
import { apiClient } from '../support/http';
import { newNavigator, type Api } from '../applications/helpers';
import { newPatient, upload } from '../records/helpers';
import { FILES } from '../support/sample-files';

let stack: TestStack;
let api: Api;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  routes = discoverRoutes(stack);
});
afterAll(() => stack?.close());

const STANDARD = ['get', 'post', 'put', 'patch', 'delete'];

/** Every route the API serves, each with the methods it answers (an @All route is tried as GET and POST). */
function discoverRoutes(s: TestStack): { method: string; path: string }[] {
  const byPath = new Map<string, string[]>();
  for (const { method, path } of servedRoutes(s.api)) byPath.set(path, [...(byPath.get(path) ?? []), method]);
  return [...byPath].flatMap(([path, methods]) =>
    (methods.length > 5 ? ['get', 'post'] : methods.filter((m) => STANDARD.includes(m))).map((method) => ({
      method: method.toUpperCase(),
      path,
    })),
  );
}

const NUL = 'a\u0000b';
/** Field names the API's bodies and queries use, each given a NUL byte or a wrong type. */
const FIELDS = [
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'code',
  'refreshToken',
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'gender',
  'title',
  'name',
  'medication',
  'note',
  'search',
  'state',
  'tier',
  'page',
  'limit',
  'prescriptionCount',
  'sessionId',
  'status',
  'daysOfSupply',
  'shipmentDate',
];
const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const WRONG_TYPES: unknown[] = [
  ['1'],
  [1, 2],
  { nested: '1' },
  true,
  Number.MAX_SAFE_INTEGER * 1000,
  null,
  '1e400',
  '',
];

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Forwarded-For': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** The route's path with its parameters filled in. */
const fill = (path: string, value: string) =>
  path.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, () => encodeURIComponent(value));

/** A fresh admin session per route: a route may end it (logout, password change). */
async function freshAdmin() {
  return (await newNavigator(stack, apiClient(stack.apiUrl), 'ADMIN')).token;
}

/**
 * A fresh session that may call the route: an admin's, or a patient's for a route only patients use (the admin's
 * 403 would come before any check of the input). The probe's session is thrown away: the probe may have ended it.
 */
async function freshSessionFor(route: { method: string; path: string }) {
  const probe = await call(route.method, fill(route.path, randomUUID()), await freshAdmin());
  return probe.status === 403 ? (await newPatient(api)).token : freshAdmin();
}

describe('no input answers 5xx (fuzzing every route)', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', path: '/api/v1/users/signup' }]));
  });

  it('answers 400 naming the field for a NUL byte in a body, a query or a path, on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const token = await freshSessionFor(route);
      const hasBody = !['GET', 'HEAD'].includes(route.method);
      const path = fill(route.path, randomUUID());
      const cases: [string, string, unknown][] = [[`${path}?search=${encodeURIComponent(NUL)}`, 'search', undefined]];
      if (hasBody) cases.push([path, 'email', everyField(NUL)]);
      if (route.path.includes(':')) cases.push([fill(route.path, NUL), '', undefined]);
      for (const [url, field, body] of cases) {
        const res = await call(route.method, url, token, body);
        if (res.status !== 400 || (field && !res.text.includes(`"${field}"`))) {
          failures.push(`${route.method} ${url} -> ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to wrong types in bodies and queries', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const token = await freshSessionFor(route);
      const hasBody = !['GET', 'HEAD'].includes(route.method);
      const path = fill(route.path, randomUUID());
      const attempts: [string, unknown][] = [
        [`${path}?page=1&page=2&limit[]=3&state[x]=1&prescriptionCount=1e400&search[]=a`, undefined],
      ];
      if (hasBody) for (const wrong of WRONG_TYPES) attempts.push([path, everyField(wrong)]);
      if (hasBody) attempts.push([path, [NUL]], [path, 'just a string'], [path, 42]);
      for (const [url, body] of attempts) {
        const res = await call(route.method, url, token, body);
        if (res.status >= 500) failures.push(`${route.method} ${url} ${JSON.stringify(body)} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('types numbers strictly: an array or a word is not a page number', async () => {
    const { token } = await newPatient(api);
    const arrayPage = await api.get('/documents?page=1&page=2', token);
    expect(arrayPage.status).toBe(400);
    expect(arrayPage.body.error!.fields!.page).toBeDefined();
    expect((await api.get('/documents?page=two', token)).status).toBe(400);
    expect((await api.get('/documents?page=', token)).status).toBe(400);
    expect((await api.get('/documents?page=1', token)).status).toBe(200);
    const count = await api.get('/subscriptions/calculate-cost?prescriptionCount[]=2', token);
    expect(count.status).toBe(400);
  });

  it('refuses a NUL byte in a multipart field and in the file name', async () => {
    const { token } = await newPatient(api);
    const title = await upload(stack, token, { bytes: FILES.pdf, name: 'scan.pdf', title: NUL });
    expect(title.status).toBe(400);
    expect(title.body.error!.fields).toHaveProperty('title');
    const name = await upload(stack, token, { bytes: FILES.pdf, name: `scan${NUL}.pdf`, title: 'Scan' });
    expect(name.status).toBeLessThan(500);
  });
});
