import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { hashPassword } from '@rxbridge/accounts';
import { MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup, PASSWORD } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';
import { eventually } from '../support/wait';
import { lockWaiter } from '../support/repository-db';

// A password check takes a moment (argon2id): a reset committed during it must win over what the check allowed
// (docs/architecture.md §9). The test holds the account's row, lets the request reach it, and writes the reset's
// new password as the reset would, before letting the request go on.
let stack: TestStack;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
});
afterAll(async () => {
  await stack?.close();
});

const RESET_PASSWORD = 'Re5et!Password';

async function signup() {
  const payload = newSignup();
  const res = await api.post('/users/signup', payload);
  expect(res.status).toBe(201);
  await waitForQueuesIdle(stack);
  return { email: payload.email as string, id: res.body.data.user.id as string, token: res.body.data.token as string };
}

/** Runs `request` while the account's row is held, and commits a reset's new password once the request waits on it. */
async function resetDuring<T>(userId: string, request: () => Promise<T>): Promise<T> {
  const holder = new Client({ connectionString: stack.settings.DATABASE_URL });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const answer = request();
    // The request waits for the row: its check is done, its write (or its session's token) not yet. Only its
    // statements are looked for: the worker's may wait on the row too.
    await lockWaiter(stack.settings.DATABASE_URL, undefined, '(refresh_tokens|password_hash)');
    await holder.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
      userId,
      await hashPassword(RESET_PASSWORD),
    ]);
    await holder.query('COMMIT');
    return await answer;
  } finally {
    await holder.end();
  }
}

it('opens no session for a password a reset replaced during its check', async () => {
  const patient = await signup();
  const login = await resetDuring(patient.id, () =>
    api.post('/users/login', { email: patient.email, password: PASSWORD }),
  );
  expect(login.status).toBe(401);
  expect(login.body.message).toBe(MESSAGES.invalidCredentials);
  expect((await api.post('/users/login', { email: patient.email, password: RESET_PASSWORD })).status).toBe(200);
});

it('does not undo a reset that committed while a password change checked the old password', async () => {
  const patient = await signup();
  const change = await resetDuring(patient.id, () =>
    api.patch('/users/change-password', { currentPassword: PASSWORD, newPassword: 'Att4cker!Pass' }, patient.token),
  );
  expect(change.status).toBe(400);
  expect(change.body.message).toBe(MESSAGES.currentPasswordWrong);
  expect((await api.post('/users/login', { email: patient.email, password: 'Att4cker!Pass' })).status).toBe(401);
  expect((await api.post('/users/login', { email: patient.email, password: RESET_PASSWORD })).status).toBe(200);
});

it('keeps one reset working when two are asked for at the same moment: the newer supersedes the other', async () => {
  const { email, id } = await signup();
  const holder = new Client({ connectionString: stack.settings.DATABASE_URL });
  await holder.connect();
  let asked: Promise<{ status: number }[]>;
  try {
    // The account's row is held until both requests wait on it: then they go at once.
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
    asked = Promise.all([0, 1].map(() => api.post('/users/forgot-password', { email })));
    // Watched from a connection of its own: inside the holder's transaction pg_stat_activity would stay as first read.
    await eventually(async () => {
      const rows = await stack.api.get(DataSource).query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND datname = current_database() AND query ~ '(password_resets|password_hash)'`,
      );
      return rows[0].n >= 2;
    }, 'both requests waiting on the account');
    await holder.query('COMMIT');
  } finally {
    await holder.end();
  }
  expect((await asked).map((res) => res.status)).toEqual([200, 200]);
  const live = await stack.api
    .get(DataSource)
    .query(`SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND used_at IS NULL`, [id]);
  expect(live).toEqual([{ n: 1 }]);
});
