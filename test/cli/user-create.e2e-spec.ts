import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { runUserCreate } from '@rxbridge/accounts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { whileAuditRefused } from '../support/refused-audit';
import { exited } from '../support/processes';

let stack: TestStack;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

/** The built command as a container runs it (npm is not in the image): `node libs/accounts/dist/user-create.js`. */
const COMMAND = resolve(__dirname, '../../libs/accounts/dist/user-create.js');

const accountId = async (email: string) =>
  ((await db.query(`SELECT id FROM users WHERE email = $1`, [email])) as { id: string }[])[0]?.id;
const auditOf = (id: string) => db.query(`SELECT * FROM audit_log WHERE subject_user_id = $1`, [id]);
const logIn = (email: string, password: string) => apiClient(stack.apiUrl).post('/users/login', { email, password });

describe('npm run user:create', () => {
  it('makes a navigator who can log in, once', async () => {
    const env = { DATABASE_URL: stack.settings.DATABASE_URL };
    const args = ['--email', 'Nav@Example.com', '--password', 'Nav!gat0r', '--role', 'NAVIGATOR'];
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    expect(await runUserCreate(args, env, { warn })).toBe('Created NAVIGATOR account nav@example.com');
    expect(await runUserCreate(args, env, { warn })).toContain('already exists');
    // --password still works, and says where the password shows.
    expect(warnings[0]).toMatch(/--password shows in ps and the shell history; use USER_CREATE_PASSWORD/);
    const login = await logIn('nav@example.com', 'Nav!gat0r');
    expect(login.status).toBe(200);
    expect(login.body.data.user.role).toBe('NAVIGATOR');
  });

  it('writes the account’s audit row in its transaction, naming the command (architecture §9)', async () => {
    const env = { DATABASE_URL: stack.settings.DATABASE_URL, USER_CREATE_PASSWORD: 'Adm1n!pass' };
    const args = ['--email', 'root@example.com', '--role', 'ADMIN'];
    expect(await runUserCreate(args, env)).toBe('Created ADMIN account root@example.com');
    const id = (await accountId('root@example.com'))!;
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        actor_id: null,
        actor_role: 'OPERATOR',
        action: 'staff.created',
        entity_type: 'user',
        entity_id: id,
        metadata: { role: 'ADMIN', email: 'root@example.com', command: 'user:create' },
      }),
    ]);
    // An account that exists already is left alone, and no second row is written.
    expect(await runUserCreate(args, env)).toContain('already exists');
    expect(await auditOf(id)).toHaveLength(1);

    // The admin made from the environment's password logs in and reads the row in the audit log, by its account.
    const login = await logIn('root@example.com', 'Adm1n!pass');
    expect(login.status).toBe(200);
    const log = await apiClient(stack.apiUrl).get(`/admin/audit?patientId=${id}`, login.body.data.token);
    expect(log.status).toBe(200);
    expect(log.body.data.entries).toEqual([
      expect.objectContaining({ actorId: null, actorRole: 'OPERATOR', action: 'staff.created', subjectUserId: id }),
    ]);
  });

  it('makes no account whose audit row cannot be written', async () => {
    await whileAuditRefused(db, `NEW.action = 'staff.created'`, async () => {
      const env = { DATABASE_URL: stack.settings.DATABASE_URL, USER_CREATE_PASSWORD: 'Adm1n!pass' };
      await expect(runUserCreate(['--email', 'unseen@example.com', '--role', 'ADMIN'], env)).rejects.toThrow(
        /audit refused for this test/,
      );
    });
    expect(await accountId('unseen@example.com')).toBeUndefined();
  });

  it('runs as a container runs it, the password on standard input', async () => {
    const child = spawn(
      process.execPath,
      [COMMAND, '--email', 'ops@example.com', '--role', 'NAVIGATOR', '--password-stdin'],
      // Away from the repository's .env: the environment given is all it reads.
      { cwd: tmpdir(), env: { PATH: process.env.PATH, DATABASE_URL: stack.settings.DATABASE_URL } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.stdin.end('St0din!pass\n');
    expect(await exited(child)).toEqual({ code: 0, signal: null });
    expect(out.trim()).toBe('Created NAVIGATOR account ops@example.com');
    expect((await logIn('ops@example.com', 'St0din!pass')).status).toBe(200);
    expect(await auditOf((await accountId('ops@example.com'))!)).toHaveLength(1);
  });

  it('explains bad arguments', async () => {
    const env = { DATABASE_URL: stack.settings.DATABASE_URL };
    const warn = () => undefined;
    await expect(
      runUserCreate(['--email', 'x@example.com', '--password', 'weak', '--role', 'ADMIN'], env, { warn }),
    ).rejects.toThrow(/password: Password must be/);
    await expect(
      runUserCreate(['--email', 'x@example.com', '--password', 'G00d!pass', '--role', 'KING'], env, { warn }),
    ).rejects.toThrow(/role must be USER, NAVIGATOR or ADMIN/);
    // One way only: a password on the command line and another in the environment is a mistake to point out.
    await expect(
      runUserCreate(['--email', 'x@example.com', '--password', 'G00d!pass', '--role', 'ADMIN'], {
        ...env,
        USER_CREATE_PASSWORD: 'Other!pass1',
      }),
    ).rejects.toThrow(/password: give it one way/);
    await expect(
      runUserCreate(['--email', 'x@example.com', '--role', 'ADMIN', '--password-stdin'], env, {
        stdin: Readable.from(['weak\n']),
      }),
    ).rejects.toThrow(/password: Password must be/);
    expect(await accountId('x@example.com')).toBeUndefined();
  });
});
