import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { MESSAGES, SOCKET_EVENTS, type SessionEndedReason } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { connectSocket, type ClientSocket } from '../support/sockets';
import { newNavigator, type Api } from '../applications/helpers';

// The periodic re-check of every live connection (docs/architecture.md §8), shortened: it catches
// what nobody announces: a change made outside the API, a session past its idle or absolute limit.
// Patients sit idle for 3 seconds at most here.
let stack: TestStack;
let api: Api;
let db: DataSource;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  stack = await startStack({
    withWorker: false,
    env: { SOCKET_RECHECK_MS: '200', SESSION_IDLE_MINUTES_PATIENT: '0.05' },
  });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => stack?.close());

async function open(token: string) {
  const socket = await connectSocket(stack.baseUrl, { token });
  sockets.push(socket);
  return socket;
}

function ending(socket: ClientSocket): Promise<{ reason?: SessionEndedReason; closed: string }> {
  let reason: SessionEndedReason | undefined;
  socket.on(SOCKET_EVENTS.sessionEnded, (p) => (reason = p.reason));
  return new Promise((resolve) => socket.once('disconnect', (closed) => resolve({ reason, closed })));
}

describe('live connections re-checked every SOCKET_RECHECK_MS', () => {
  it('closes a navigator demoted outside the API (a tool, a database fix), telling why', async () => {
    const nav = await newNavigator(stack, api);
    const ended = ending(await open(nav.token));
    await db.query(`UPDATE users SET role = 'USER' WHERE id = $1`, [nav.id]);
    expect(await ended).toEqual({ reason: 'role-changed', closed: 'io server disconnect' });
  });

  it('closes a navigator disabled outside the API', async () => {
    const nav = await newNavigator(stack, api);
    const ended = ending(await open(nav.token));
    await db.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [nav.id]);
    expect(await ended).toEqual({ reason: 'disabled', closed: 'io server disconnect' });
  });

  it('closes a session past its absolute limit', async () => {
    const nav = await newNavigator(stack, api);
    const ended = ending(await open(nav.token));
    const { sid } = jwt.decode(nav.token) as { sid: string };
    await db.query(`UPDATE refresh_tokens SET created_at = created_at - interval '13 hours' WHERE family_id = $1`, [
      sid,
    ]);
    expect(await ended).toEqual({ reason: 'expired', closed: 'io server disconnect' });
  });

  it('closes a patient socket once the session sat idle past its limit, and the session is over', async () => {
    const { token } = (await api.post('/users/signup', newSignup())).body.data;
    const socket = await open(token);
    // A socket is no activity: with no request, the session passes its 3-second limit.
    expect(await ending(socket)).toEqual({ reason: 'idle', closed: 'io server disconnect' });
    // The same token opens no new socket: the handshake checks idleness as the HTTP guard does.
    await expect(open(token)).rejects.toThrow('unauthorized');
    const after = await api.get('/users/profile', token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.sessionIdle);
  });
});
