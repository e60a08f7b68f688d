import { runUserCreate } from '@rxbridge/accounts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';

let stack: TestStack;
beforeAll(async () => (stack = await startStack({ withWorker: false })));
afterAll(() => stack?.close());

describe('npm run user:create', () => {
  it('makes a navigator who can log in, once', async () => {
    const env = { DATABASE_URL: stack.settings.DATABASE_URL };
    const args = ['--email', 'Nav@Example.com', '--password', 'Nav!gat0r', '--role', 'NAVIGATOR'];
    expect(await runUserCreate(args, env)).toBe('Created NAVIGATOR account nav@example.com');
    expect(await runUserCreate(args, env)).toContain('already exists');
    const login = await apiClient(stack.apiUrl).post('/users/login', {
      email: 'nav@example.com',
      password: 'Nav!gat0r',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.role).toBe('NAVIGATOR');
  });

  it('explains bad arguments', async () => {
    const env = { DATABASE_URL: stack.settings.DATABASE_URL };
    await expect(
      runUserCreate(['--email', 'x@example.com', '--password', 'weak', '--role', 'ADMIN'], env),
    ).rejects.toThrow(/password: Password must be/);
    await expect(
      runUserCreate(['--email', 'x@example.com', '--password', 'G00d!pass', '--role', 'KING'], env),
    ).rejects.toThrow(/role must be USER, NAVIGATOR or ADMIN/);
  });
});
