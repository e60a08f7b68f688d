import { Client } from 'pg';
import { hashPassword } from '@rxbridge/accounts';
import { MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup, PASSWORD } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';
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
