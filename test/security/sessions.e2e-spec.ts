import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { newNavigator, type Api } from '../applications/helpers';
import { eventually } from '../support/wait';

let stack: TestStack;
let api: Api;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

/** Moves a session's start back in time: the "short clock" of these tests. */
const ageSession = (refreshToken: string, hours: number) =>
  db.query(
    `UPDATE refresh_tokens SET created_at = created_at - make_interval(hours => $2)
      WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex'))`,
    [refreshToken, hours],
  );

describe('sessions (docs/product.md §7)', () => {
  it('logs out with an expired access token, by the refresh token', async () => {
    const { refreshToken, user } = (await api.post('/users/signup', newSignup())).body.data;
    const expired = jwt.sign({ sid: 'x' }, stack.settings.JWT_SECRET, { subject: user.id, expiresIn: -10 });
    const out = await api.post('/users/logout', { refreshToken }, expired);
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(MESSAGES.loggedOut);
    expect((await api.post('/auth/refresh', { refreshToken })).status).toBe(401);
    // Nothing to end: still the 401 it always was.
    expect((await api.post('/users/logout', {})).status).toBe(401);
  });

  it('lets one session refresh the same token twice within a few seconds (two tabs), with the same answer', async () => {
    const { refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    const [a, b] = await Promise.all([
      api.post('/auth/refresh', { refreshToken }),
      api.post('/auth/refresh', { refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The same replacement pair, not a second branch of the session (docs/architecture.md §9).
    expect(b.body.data.refreshToken).toBe(a.body.data.refreshToken);
    expect(b.body.data.token).toBe(a.body.data.token);
    // Both tabs stay signed in: their new tokens work.
    for (const r of [a, b]) {
      expect((await api.get('/users/profile', r.body.data.token)).status).toBe(200);
      expect((await api.post('/auth/refresh', { refreshToken: r.body.data.refreshToken })).status).toBe(200);
    }
  });

  it('ends a staff session after 12 hours and a patient session after 7 days, however often refreshed', async () => {
    const navigator = await newNavigator(stack, api);
    const staffLogin = await api.post('/users/login', { email: navigator.email, password: 'Str0ng!Pass' });
    await ageSession(staffLogin.body.data.refreshToken, 11);
    const stillOpen = await api.post('/auth/refresh', { refreshToken: staffLogin.body.data.refreshToken });
    expect(stillOpen.status).toBe(200);
    await ageSession(stillOpen.body.data.refreshToken, 1);
    const ended = await api.post('/auth/refresh', { refreshToken: stillOpen.body.data.refreshToken });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(MESSAGES.invalidRefreshToken);

    const patient = (await api.post('/users/signup', newSignup())).body.data;
    await ageSession(patient.refreshToken, 24 * 7 - 1);
    const open = await api.post('/auth/refresh', { refreshToken: patient.refreshToken });
    expect(open.status).toBe(200);
    await ageSession(open.body.data.refreshToken, 1);
    expect((await api.post('/auth/refresh', { refreshToken: open.body.data.refreshToken })).status).toBe(401);
    // Ended means ended: the access tokens of the session stop working too.
    await expect((async () => (await api.get('/users/profile', open.body.data.token)).status)()).resolves.toBe(401);
  });

  it('refuses an access token once its session is past its absolute lifetime, before any refresh', async () => {
    const { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    expect((await api.get('/users/profile', token)).status).toBe(200);
    await ageSession(refreshToken, 24 * 7);
    // The session check is kept two seconds per API process: wait for the answer to change, not for a clock.
    await eventually(async () => (await api.get('/users/profile', token)).status === 401, 'the ended session refused');
  });
});
