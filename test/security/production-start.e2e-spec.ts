import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runMigrations } from '@rxbridge/database';
import { freePort } from '@rxbridge/local-stack';
import { createRedisNamespace, createTestDatabase } from '../support/infra';
import { eventually } from '../support/wait';

// The built entry points, as `docker compose` runs them (npm test builds first).
const ROOT = join(__dirname, '../..');
const MAINS = { api: 'apps/api/dist/main.js', worker: 'apps/worker/dist/main.js' };

/** A production environment that passes every check; each test spoils one setting. */
const production = () => ({
  NODE_ENV: 'production',
  APP_URL: 'https://app.rxbridge.org',
  // Nothing listens there: a start that passed the checks would fail later, on the connection.
  DATABASE_URL: 'postgres://u:p@127.0.0.1:9/db',
  REDIS_URL: 'redis://127.0.0.1:9',
  SMTP_URL: 'smtp://127.0.0.1:9',
  JWT_SECRET: randomBytes(32).toString('hex'),
  DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  STRIPE_SECRET_KEY: `sk_live_${randomBytes(24).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  FAX_GATEWAY_DOMAIN: 'fax.rxbridge.org',
  MAIL_FROM: 'RxBridge <no-reply@rxbridge.org>',
  SUPPORT_EMAIL: 'support@rxbridge.org',
  SUPPORT_PHONE: '(800) 743-2781',
});

function start(main: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** The values .env.example shows, and others a developer's machine uses: refused outside test without the flag. */
const UNSAFE: [string, string][] = [
  ['JWT_SECRET', 'replace-with-64-hex-characters-from-openssl-rand-hex-32-0000000000'],
  ['STRIPE_WEBHOOK_SECRET', 'whsec_replace_me'],
  ['STRIPE_SECRET_KEY', 'sk_test_replace_me'],
  ['DOCUMENTS_ENCRYPTION_KEY', '0'.repeat(64)],
  ['APP_URL', 'http://localhost:3000'],
  ['STRIPE_API_BASE', 'http://127.0.0.1:12111'],
  ['S3_ENDPOINT', 'http://storage.example.org:9000'],
];

const BAD: [string, string][] = [
  ...UNSAFE,
  // A test-mode key, and the developer's flag, have no place in production.
  ['STRIPE_SECRET_KEY', 'sk_test_51AbCdEfGhIjKlMnOp'],
  ['ALLOW_INSECURE_DEVELOPMENT', 'true'],
  ['JWT_SECRET', 'insecure-compose-default-secret-change-me-in-env-0123456789'],
  ['JWT_SECRET', 'k'.repeat(64)],
  ['STRIPE_WEBHOOK_SECRET', 'whsec_compose_default_change_me'],
  ['DOCUMENTS_ENCRYPTION_KEY', '0'.repeat(64)],
  ['APP_URL', 'http://localhost:3000'],
  ['STRIPE_API_BASE', 'http://stripe:12111'],
  ['TIMER_DAY_MS', '50'],
  // Unset: production must name its email-to-fax gateway (docs/product.md §17).
  ['FAX_GATEWAY_DOMAIN', ''],
  // The samples patients would see or write to, and a mail catcher that delivers nothing.
  ['SUPPORT_EMAIL', 'support@rxbridge.local'],
  ['SUPPORT_PHONE', '(800) 555-0199'],
  ['SMTP_URL', 'smtp://mailcatcher:1025'],
];

describe('a production start (NODE_ENV=production)', () => {
  beforeAll(() => {
    for (const main of Object.values(MAINS)) {
      if (!existsSync(join(ROOT, main))) throw new Error(`${main} is missing: run npm run build first`);
    }
  });

  for (const [app, main] of Object.entries(MAINS)) {
    it.each(BAD)(`${app}: refuses %s=%s, naming it`, async (key, value) => {
      const { code, stderr } = await start(main, { ...production(), [key]: value });
      expect(code).toBe(1);
      expect(stderr).toContain('Invalid settings');
      expect(stderr).toContain(`${key}: `);
    });
  }
});

// Sizes and shutdown (docs/architecture.md §11): a bad value stops whichever process reads it.
describe('a start with a bad size or shutdown setting', () => {
  const SIZES: [string, string][] = [
    ['DATABASE_POOL_SIZE', '0'],
    ['QUEUE_CONCURRENCY_EMAILS', '3'],
    ['SHUTDOWN_GRACE_SECONDS', 'soon'],
    ['SOCKET_ADAPTER', 'cluster'],
  ];
  for (const [app, main] of Object.entries(MAINS)) {
    it.each(SIZES)(`${app}: refuses %s=%s, naming it`, async (key, value) => {
      const { code, stderr } = await start(main, { ...production(), [key]: value });
      expect(code).toBe(1);
      expect(stderr).toContain(`${key}: `);
    });
  }
});

describe('a development start (NODE_ENV=development) without ALLOW_INSECURE_DEVELOPMENT', () => {
  const development = () => ({ ...production(), NODE_ENV: 'development', FAX_GATEWAY_DOMAIN: '' });

  it.each(UNSAFE)('api: refuses %s=%s, naming it and the flag', async (key, value) => {
    const { code, stderr } = await start(MAINS.api, { ...development(), [key]: value });
    expect(code).toBe(1);
    expect(stderr).toContain(`${key}: `);
    expect(stderr).toContain('ALLOW_INSECURE_DEVELOPMENT: set it to true');
  });
});

/** Starts the built API until it answers its health check; the positive control of the refusals above. */
async function startUntilHealthy(env: Record<string, string>): Promise<{ child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [MAINS.api], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.resume();
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr}`);
      return (await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`)).ok;
    },
    'the API to answer its health check',
    30_000,
  );
  return { child, stderr: () => stderr };
}

describe('the positive control: safe settings start', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: ReturnType<typeof createRedisNamespace>;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    redis = createRedisNamespace();
    await runMigrations(db.url);
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
    }
    await redis?.clean();
    await db?.drop();
  });

  const services = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    LOG_LEVEL: 'silent',
  });

  it('production: the API starts with random secrets, a live key and https addresses', async () => {
    const { child } = await startUntilHealthy({ ...production(), ...services(await freePort()) });
    children.push(child);
  });

  it('development: the same values refused above start with ALLOW_INSECURE_DEVELOPMENT=true', async () => {
    const { child } = await startUntilHealthy({
      ...production(),
      ...Object.fromEntries(UNSAFE.filter(([key]) => key !== 'S3_ENDPOINT')),
      NODE_ENV: 'development',
      ALLOW_INSECURE_DEVELOPMENT: 'true',
      FAX_GATEWAY_DOMAIN: '',
      ...services(await freePort()),
    });
    children.push(child);
  });
});
