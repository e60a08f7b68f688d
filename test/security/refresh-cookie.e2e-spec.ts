import { DataSource } from 'typeorm';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup, PASSWORD } from '../support/factories';
import type { Api } from '../applications/helpers';

// The web app's refresh token lives in an HttpOnly cookie (docs/architecture.md §9); the answers
// still carry the tokens for API clients.
let stack: TestStack;
let secure: ExtraApi;
let api: Api;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  // The same stack as served over https: its cookies are Secure.
  secure = await startExtraApi(stack, { APP_URL: 'https://app.rxbridge.test' });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterAll(async () => {
  await secure?.close();
  await stack?.close();
});

interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}
/** The Set-Cookie headers of an answer, parsed. */
const setCookies = (headers: Headers): SetCookie[] =>
  headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const [name, value] = pair.split('=');
    return {
      name,
      value,
      attributes: Object.fromEntries(
        attrs.map((a) => {
          const [k, v] = a.split('=');
          return [k.toLowerCase(), v ?? true];
        }),
      ),
    };
  });
const cookie = (token: string) => ({ Cookie: `rxb_refresh=${token}` });
const PATHS = ['/api/v1/auth/refresh', '/api/v1/users/logout'];

describe('the refresh cookie', () => {
  it('comes with the login and the signup: HttpOnly, SameSite=Strict, one per route, the token of the body', async () => {
    const signup = newSignup();
    const created = await api.post('/users/signup', signup);
    expect(created.status).toBe(201);
    const login = await api.post('/users/login', { email: signup.email, password: PASSWORD });
    expect(login.status).toBe(200);
    for (const res of [created, login]) {
      const cookies = setCookies(res.headers).filter((c) => c.name === 'rxb_refresh');
      expect(cookies.map((c) => c.attributes.path).sort()).toEqual(PATHS);
      for (const c of cookies) {
        expect(c.value).toBe(res.body.data.refreshToken);
        expect(c.attributes).toMatchObject({ httponly: true, samesite: 'Strict', 'max-age': String(30 * 86400) });
        // The test stack is served over http: a Secure cookie would never come back.
        expect(c.attributes.secure).toBeUndefined();
      }
      expect(res.body.data.token).toEqual(expect.any(String));
    }
  });

  it('is Secure when the app is served over https', async () => {
    const signup = newSignup();
    expect((await api.post('/users/signup', signup)).status).toBe(201);
    const login = await apiClient(secure.apiUrl).post('/users/login', { email: signup.email, password: PASSWORD });
    const cookies = setCookies(login.headers).filter((c) => c.name === 'rxb_refresh');
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c.attributes).toMatchObject({ secure: true, httponly: true, samesite: 'Strict' });
  });

  it('refreshes with the cookie alone, rotating it; the body token still works for API clients', async () => {
    const { refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    const byCookie = await api.post('/auth/refresh', {}, undefined, cookie(refreshToken));
    expect(byCookie.status).toBe(200);
    const next = byCookie.body.data.refreshToken as string;
    expect(next).not.toBe(refreshToken);
    expect(setCookies(byCookie.headers).map((c) => [c.attributes.path, c.value])).toEqual(PATHS.map((p) => [p, next]));
    expect((await api.get('/users/profile', byCookie.body.data.token)).status).toBe(200);
    // A body token wins over the cookie (API clients send no cookie).
    const byBody = await api.post('/auth/refresh', { refreshToken: next }, undefined, cookie('not-a-token'));
    expect(byBody.status).toBe(200);
    // Neither: 400 naming the field.
    const none = await api.post('/auth/refresh', {});
    expect(none.status).toBe(400);
    expect(none.body.error?.fields).toHaveProperty('refreshToken');
    // A refused cookie is cleared.
    const refused = await api.post('/auth/refresh', {}, undefined, cookie('not-a-token'));
    expect(refused.status).toBe(401);
    expect(setCookies(refused.headers).map((c) => c.attributes['max-age'])).toEqual(['0', '0']);
  });

  it('is kept when the refresh fails for a while (a 503): the retry with it refreshes, nobody is signed out', async () => {
    const { user, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    // PostgreSQL rolls the refresh back as a serialization failure would: the API answers 503, try again.
    await db.query(`
      CREATE OR REPLACE FUNCTION test_fail_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refresh failed for this test' USING ERRCODE = '40001'; END $$;
      CREATE TRIGGER test_fail_refresh BEFORE INSERT OR UPDATE ON refresh_tokens FOR EACH ROW
        WHEN (NEW.user_id = '${user.id}') EXECUTE FUNCTION test_fail_refresh();`);
    try {
      const failed = await api.post('/auth/refresh', {}, undefined, cookie(refreshToken));
      expect([failed.status, failed.body.error?.code]).toEqual([503, 'service-unavailable']);
      expect(setCookies(failed.headers)).toEqual([]);
    } finally {
      await db.query('DROP TRIGGER test_fail_refresh ON refresh_tokens');
    }
    const retried = await api.post('/auth/refresh', {}, undefined, cookie(refreshToken));
    expect(retried.status).toBe(200);
  });

  it('answers two refreshes of one token at once (two tabs) with the same pair, one branch of the session', async () => {
    const { refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    const [a, b] = await Promise.all([
      api.post('/auth/refresh', {}, undefined, cookie(refreshToken)),
      api.post('/auth/refresh', {}, undefined, cookie(refreshToken)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.refreshToken).toBe(a.body.data.refreshToken);
    expect(b.body.data.token).toBe(a.body.data.token);
    const [{ tokens }] = await db.query(
      `SELECT count(*)::int AS tokens FROM refresh_tokens
        WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex'))`,
      [refreshToken],
    );
    expect(tokens).toBe(2);
  });

  it('logs out with the cookie alone and clears it', async () => {
    const { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    const out = await api.post('/users/logout', {}, undefined, cookie(refreshToken));
    expect(out.status).toBe(200);
    const cleared = setCookies(out.headers);
    expect(cleared.map((c) => [c.name, c.attributes.path, c.value, c.attributes['max-age']])).toEqual(
      PATHS.map((p) => ['rxb_refresh', p, '', '0']),
    );
    expect((await api.get('/users/profile', token)).status).toBe(401);
    expect((await api.post('/auth/refresh', {}, undefined, cookie(refreshToken))).status).toBe(401);
  });
});
