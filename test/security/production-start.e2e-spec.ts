import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The built entry points, as `docker compose` runs them (npm test builds first).
const ROOT = join(__dirname, '../..');
const MAINS = { api: 'apps/api/dist/main.js', worker: 'apps/worker/dist/main.js' };

/** A production environment that passes every check; each test spoils one setting. */
const production = () => ({
  NODE_ENV: 'production',
  APP_URL: 'https://app.example.org',
  // Nothing listens there: a start that passed the checks would fail later, on the connection.
  DATABASE_URL: 'postgres://u:p@127.0.0.1:9/db',
  REDIS_URL: 'redis://127.0.0.1:9',
  SMTP_URL: 'smtp://127.0.0.1:9',
  JWT_SECRET: randomBytes(32).toString('hex'),
  DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  STRIPE_SECRET_KEY: 'sk_live_example',
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  FAX_GATEWAY_DOMAIN: 'fax.example.org',
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

const BAD: [string, string][] = [
  ['JWT_SECRET', 'insecure-compose-default-secret-change-me-in-env-0123456789'],
  ['JWT_SECRET', 'k'.repeat(64)],
  ['STRIPE_WEBHOOK_SECRET', 'whsec_compose_default_change_me'],
  ['DOCUMENTS_ENCRYPTION_KEY', '0'.repeat(64)],
  ['APP_URL', 'http://localhost:3000'],
  ['STRIPE_API_BASE', 'http://stripe:12111'],
  ['TIMER_DAY_MS', '50'],
  // Unset: production must name its email-to-fax gateway (docs/product.md §17).
  ['FAX_GATEWAY_DOMAIN', ''],
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
