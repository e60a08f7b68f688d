import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { eventually, newNavigator, type Api } from '../applications/helpers';

let stack: TestStack;
let api: Api;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

// docs/architecture.md §9: the role and the session are read on each request, not trusted from the token.
describe('the role and the session behind an access token', () => {
  it('refuses a demoted navigator at once, with the token still valid', async () => {
    const navigator = await newNavigator(stack, api);
    expect((await api.get('/admin/patients', navigator.token)).status).toBe(200);
    await db.query(`UPDATE users SET role = 'USER' WHERE id = $1`, [navigator.id]);
    // The check is reused for two seconds at most.
    await eventually(
      async () => (await api.get('/admin/patients', navigator.token)).status === 403,
      'the demoted navigator to be refused',
      5000,
    );
  });

  it('refuses a disabled account, and its login', async () => {
    const navigator = await newNavigator(stack, api);
    await db.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [navigator.id]);
    await eventually(
      async () => (await api.get('/users/profile', navigator.token)).status === 401,
      'the disabled account to be refused',
      5000,
    );
    // Told only to whoever knows the password (docs/product.md §7.7): the account is disabled, not a wrong password.
    const login = await api.post('/users/login', { email: navigator.email, password: 'Str0ng!Pass' });
    expect(login.status).toBe(403);
    expect(login.body.error?.code).toBe('account-disabled');
    const guess = await api.post('/users/login', { email: navigator.email, password: 'Wr0ng!Pass' });
    expect(guess.status).toBe(401);
  });

  it('ignores a role claim minted with the secret', async () => {
    const navigator = await newNavigator(stack, api);
    const { sid } = jwt.decode(navigator.token) as { sid: string };
    const forged = jwt.sign({ role: 'ADMIN', sid }, stack.settings.JWT_SECRET, {
      subject: navigator.id,
      expiresIn: 600,
      algorithm: 'HS256',
      issuer: 'rxbridge',
    });
    expect((await api.get('/admin/queues', forged)).status).toBe(403);
    const otherSession = jwt.sign(
      { role: 'ADMIN', sid: '00000000-0000-4000-8000-000000000000' },
      stack.settings.JWT_SECRET,
      {
        subject: navigator.id,
        expiresIn: 600,
        algorithm: 'HS256',
        issuer: 'rxbridge',
      },
    );
    expect((await api.get('/users/profile', otherSession)).status).toBe(401);
  });
});
