import { DataSource } from 'typeorm';
import { MESSAGES, SOCKET_EVENTS, type SessionEndedReason } from '@rxbridge/contracts';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup, PASSWORD } from '../support/factories';
import { connectSocket, type ClientSocket } from '../support/sockets';
import { newNavigator, type Api } from '../applications/helpers';

// Live feeds follow access (docs/architecture.md §8): an ending announced by any API process cuts
// the session's sockets at once. The periodic re-check is set to its longest here, so only the
// announcement can end a socket within a test's time (test/security/live-recheck covers the period).
let stack: TestStack;
let second: ExtraApi;
let api: Api;
let admin: { token: string; id: string };
let db: DataSource;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  stack = await startStack({ withWorker: false, env: { SOCKET_RECHECK_MS: '300000' } });
  second = await startExtraApi(stack);
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
  admin = await newNavigator(stack, api, 'ADMIN');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await second?.close();
  await stack?.close();
});

/** A navigator logged in, with a socket open on the other API process (in the staff room). */
async function navigatorOnline() {
  const nav = await newNavigator(stack, api);
  const login = await api.post('/users/login', { email: nav.email, password: PASSWORD });
  const socket = await connectSocket(second.baseUrl, { token: nav.token });
  sockets.push(socket);
  return { ...nav, refreshToken: login.body.data.refreshToken as string, socket };
}

/** What the server told the socket before it closed it, and how it closed. */
function ending(socket: ClientSocket): Promise<{ reason?: SessionEndedReason; closed: string }> {
  let reason: SessionEndedReason | undefined;
  socket.on(SOCKET_EVENTS.sessionEnded, (p) => (reason = p.reason));
  return new Promise((resolve) => socket.once('disconnect', (closed) => resolve({ reason, closed })));
}

const roleOf = async (id: string) =>
  (
    (await db.query(`SELECT role, disabled_at FROM users WHERE id = $1`, [id])) as {
      role: string;
      disabled_at: Date | null;
    }[]
  )[0];

describe('PUT /admin/staff/{id} (docs/product.md §7.7 Staff accounts)', () => {
  it('disables a navigator: the live socket is told and closed at once, login and refresh are refused, all audited', async () => {
    const nav = await navigatorOnline();
    const ended = ending(nav.socket);
    const res = await api.put(`/admin/staff/${nav.id}`, { disabled: true }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.staff).toMatchObject({ id: nav.id, role: 'NAVIGATOR', email: nav.email });
    expect(res.body.data.staff.disabledAt).toEqual(expect.any(String));
    expect(await ended).toEqual({ reason: 'disabled', closed: 'io server disconnect' });

    // The access token, the login and the refresh token all stop, each with a clear answer.
    expect((await api.get('/admin/applications', nav.token)).status).toBe(401);
    const login = await api.post('/users/login', { email: nav.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({ code: 'account-disabled' });
    expect(login.body.message).toBe(MESSAGES.accountDisabled);
    const refresh = await api.post('/auth/refresh', { refreshToken: nav.refreshToken });
    expect(refresh.status).toBe(403);
    expect(refresh.body.message).toBe(MESSAGES.accountDisabled);
    // A wrong password still says nothing about the account.
    expect((await api.post('/users/login', { email: nav.email, password: `${PASSWORD}x` })).status).toBe(401);
    await expect(connectSocket(stack.baseUrl, { token: nav.token })).rejects.toThrow('unauthorized');

    // Enabled again: a new login works.
    expect((await api.put(`/admin/staff/${nav.id}`, { disabled: false }, admin.token)).body.data.staff.disabledAt).toBe(
      null,
    );
    expect((await api.post('/users/login', { email: nav.email, password: PASSWORD })).status).toBe(200);

    const audit = await api.get(`/admin/audit?staffId=${admin.id}&patientId=${nav.id}`, admin.token);
    const changes = audit.body.data.entries.filter((e: { action: string }) => e.action === 'staff.updated');
    expect(changes.map((e: { metadata: unknown }) => e.metadata)).toEqual([
      { disabled: { from: true, to: false } },
      { disabled: { from: false, to: true } },
    ]);
    expect(changes[0]).toMatchObject({ actorRole: 'ADMIN', subjectUserId: nav.id, entityType: 'user' });
  });

  it('demotes a navigator: the socket is told the role changed and closed; a new login is a patient without the staff room', async () => {
    const nav = await navigatorOnline();
    const ended = ending(nav.socket);
    const res = await api.put(`/admin/staff/${nav.id}`, { role: 'USER' }, admin.token);
    expect(res.status).toBe(200);
    expect(await ended).toEqual({ reason: 'role-changed', closed: 'io server disconnect' });
    expect((await api.get('/admin/applications', nav.token)).status).toBe(401);
    const again = await api.post('/users/login', { email: nav.email, password: PASSWORD });
    expect(again.body.data.user.role).toBe('USER');
    expect((await api.get('/admin/applications', again.body.data.token)).status).toBe(403);
  });

  it('tells a logged-out session why, on the other API process', async () => {
    const nav = await navigatorOnline();
    const ended = ending(nav.socket);
    expect((await api.post('/users/logout', {}, nav.token)).status).toBe(200);
    expect(await ended).toEqual({ reason: 'ended', closed: 'io server disconnect' });
  });

  it('refuses bad input naming the field, unknown ids, non-admins and their own account, writing nothing', async () => {
    const nav = await navigatorOnline();
    const put = (body: unknown, id = nav.id, token = admin.token) => api.put(`/admin/staff/${id}`, body, token);
    const bad = [
      [{ role: 'KING' }, 'role'],
      [{ disabled: 'yes' }, 'disabled'],
      [{}, 'role'],
      [{ role: 'USER', disabled: true, email: 'x@y.z' }, '_'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error?.fields ?? {})).toContain(field);
    }
    expect((await put({ disabled: true }, '6b0c5a3e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await put({ disabled: true }, 'not-an-id')).status).toBe(404);
    expect((await put({ disabled: true }, nav.id, nav.token)).status).toBe(403);
    const patient = (await api.post('/users/signup', newSignup())).body.data;
    expect((await put({ disabled: true }, nav.id, patient.token)).status).toBe(403);
    expect((await put({ disabled: true }, admin.id)).status).toBe(409);
    // Their own id in capitals is the same account: refused too, and they are still an admin.
    expect((await put({ role: 'USER' }, admin.id.toUpperCase())).status).toBe(409);
    expect(await roleOf(admin.id)).toEqual({ role: 'ADMIN', disabled_at: null });
    // Nothing was written: the navigator is as before and still signed in, the socket still open.
    expect(await roleOf(nav.id)).toEqual({ role: 'NAVIGATOR', disabled_at: null });
    expect((await api.get('/admin/applications', nav.token)).status).toBe(200);
    expect(nav.socket.connected).toBe(true);
  });
});
