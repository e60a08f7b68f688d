import { randomBytes } from 'node:crypto';
import fastify from 'fastify';
import {
  loadSettings,
  QUEUE_CONCURRENCY_QUEUES,
  queueConcurrency,
  settingsSchema,
  SettingsError,
  storageSettingsProblems,
} from './settings';
import { secretEntropyBits } from './unsafe-settings';

const base = {
  DATABASE_URL: 'postgres://u@localhost:5432/db',
  REDIS_URL: 'redis://localhost:6379',
  SMTP_URL: 'smtp://localhost:1025',
  JWT_SECRET: 'x'.repeat(40),
  DOCUMENTS_ENCRYPTION_KEY: 'ab'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  // Sample secrets and http addresses, as on a developer's machine (npm start sets it).
  ALLOW_INSECURE_DEVELOPMENT: 'true',
};

const failure = (env: NodeJS.ProcessEnv) => {
  try {
    loadSettings(env);
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsError);
    return (err as Error).message;
  }
  throw new Error('expected the settings to be refused');
};

describe('settings', () => {
  it('applies defaults and derives APP_URL from PORT', () => {
    const s = loadSettings({ ...base, PORT: '4000' });
    expect(s).toMatchObject({
      PORT: 4000,
      APP_URL: 'http://localhost:4000',
      MAINTENANCE_MODE: false,
      REDIS_PREFIX: 'rxb',
    });
  });

  it('names each missing or bad setting', () => {
    const message = failure({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(message).toContain('PORT: must be a whole number');
    expect(message).toContain('DATABASE_URL: must be a postgres or postgresql URL');
    expect(message).toContain('REDIS_URL: is required');
    expect(message).toContain('SMTP_URL: is required');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('keeps processed effects at least as long as a failed job waits for a retry', () => {
    expect(failure({ ...base, RETENTION_DAYS: '7' })).toContain('RETENTION_DAYS: must be at least 30');
    expect(loadSettings({ ...base, RETENTION_DAYS: '30' }).RETENTION_DAYS).toBe(30);
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings({ ...base, PORT: '', CHAT_WIDGET_SRC: '' }).PORT).toBe(3000);
  });

  it("turns the worker's liveness file off with `off`; empty keeps the default", () => {
    expect(loadSettings({ ...base, WORKER_LIVENESS_FILE: 'off' }).WORKER_LIVENESS_FILE).toBeNull();
    expect(loadSettings({ ...base, WORKER_LIVENESS_FILE: '' }).WORKER_LIVENESS_FILE).toBe('/tmp/rxbridge-worker.alive');
    expect(loadSettings({ ...base, WORKER_LIVENESS_FILE: '/run/alive' }).WORKER_LIVENESS_FILE).toBe('/run/alive');
  });

  it('needs a bypass code when maintenance mode is on', () => {
    expect(failure({ ...base, MAINTENANCE_MODE: 'true' })).toContain('MAINTENANCE_BYPASS_CODE: is required');
    expect(failure({ ...base, MAINTENANCE_MODE: 'maybe' })).toContain('MAINTENANCE_MODE: must be true or false');
  });

  it('re-checks live connections every 30 s, shorter only in tests', () => {
    expect(loadSettings(base).SOCKET_RECHECK_MS).toBe(30_000);
    expect(loadSettings({ ...base, NODE_ENV: 'test', SOCKET_RECHECK_MS: '200' }).SOCKET_RECHECK_MS).toBe(200);
    expect(failure({ ...base, SOCKET_RECHECK_MS: '200' })).toContain('SOCKET_RECHECK_MS: must be at least 5000');
    expect(failure({ ...base, SOCKET_RECHECK_MS: 'often' })).toContain('SOCKET_RECHECK_MS: must be a whole number');
  });
});

describe('session settings', () => {
  it('refuses an absolute session lifetime its first refresh token would not outlive in the database', () => {
    // 30 days of a token's life and 30 of retention: 1,440 hours.
    expect(loadSettings({ ...base, SESSION_MAX_HOURS_PATIENT: '1439' }).SESSION_MAX_HOURS_PATIENT).toBe(1439);
    expect(failure({ ...base, SESSION_MAX_HOURS_PATIENT: '1440' })).toContain(
      'SESSION_MAX_HOURS_PATIENT: must be under 1440 hours',
    );
    expect(failure({ ...base, SESSION_MAX_HOURS_STAFF: '8760', RETENTION_DAYS: '300' })).toContain(
      'SESSION_MAX_HOURS_STAFF: must be under 7920 hours',
    );
  });
});

describe('document settings', () => {
  const shape = settingsSchema.shape;

  it('needs a 32-byte key, as hex or base64', () => {
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(undefined).success).toBe(false);
    const short = shape.DOCUMENTS_ENCRYPTION_KEY.safeParse('ab'.repeat(16));
    expect(short.error?.issues[0].message).toMatch(/^must be 32 random bytes as 64 hex characters or base64/);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse('ab'.repeat(32)).success).toBe(true);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(Buffer.alloc(32, 1).toString('base64')).success).toBe(true);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(Buffer.alloc(31, 1).toString('base64')).success).toBe(false);
    expect(shape.STORAGE_DRIVER.parse(undefined)).toBe('local');
    expect(shape.STORAGE_DIR.parse(undefined)).toBe('.data/documents');
    expect(shape.DOCUMENT_LINK_TTL_SECONDS.parse(undefined)).toBe(300);
  });

  it('names every missing S3 setting when STORAGE_DRIVER=s3', () => {
    expect(storageSettingsProblems({ STORAGE_DRIVER: 'local' })).toEqual([]);
    expect(storageSettingsProblems({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_REGION: is required when STORAGE_DRIVER=s3',
      'S3_BUCKET: is required when STORAGE_DRIVER=s3',
    ]);
    // Without keys the AWS SDK's credential chain (roles, AWS_* variables) signs the requests.
    expect(storageSettingsProblems({ STORAGE_DRIVER: 's3', S3_BUCKET: 'rx-docs', S3_REGION: 'us-east-1' })).toEqual([]);
    expect(
      storageSettingsProblems({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'rx-docs',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'k',
      }),
    ).toEqual(['S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID']);
  });
});

describe('production settings', () => {
  const production = {
    ...base,
    NODE_ENV: 'production',
    ALLOW_INSECURE_DEVELOPMENT: 'false',
    APP_URL: 'https://app.rxbridge.org',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    STRIPE_SECRET_KEY: 'sk_live_abc',
    FAX_GATEWAY_DOMAIN: 'fax.rxbridge.org',
    SMTP_URL: 'smtps://relay:secret@smtp.rxbridge.org:465',
    MAIL_FROM: 'RxBridge <no-reply@rxbridge.org>',
    SUPPORT_EMAIL: 'support@rxbridge.org',
    SUPPORT_PHONE: '(800) 743-2781',
  };

  it('refuses to start without a fax gateway, which elsewhere defaults to the local one', () => {
    const { FAX_GATEWAY_DOMAIN: _unset, ...noGateway } = production;
    void _unset;
    expect(() => loadSettings(noGateway)).toThrow('FAX_GATEWAY_DOMAIN: is required in production');
    expect(loadSettings(base).FAX_GATEWAY_DOMAIN).toBe('fax.rxbridge.local');
  });

  it('starts with random secrets and https addresses', () => {
    expect(loadSettings(production).NODE_ENV).toBe('production');
  });

  it('takes a relay with STARTTLS required, or a plain one on its own network', () => {
    for (const SMTP_URL of [
      'smtp://u:p@smtp.rxbridge.org:587?requireTLS=true',
      'smtp://postfix:25',
      'smtp://10.0.3.4:25',
    ]) {
      expect(loadSettings({ ...production, SMTP_URL }).SMTP_URL).toBe(SMTP_URL);
    }
  });

  it('takes PostgreSQL and Redis on its own network as they are, and outside it with TLS checked', () => {
    for (const [key, value] of [
      ['DATABASE_URL', 'postgres://app:pw@postgres:5432/rx'],
      ['DATABASE_URL', 'postgres://app:pw@10.0.3.4:5432/rx'],
      ['DATABASE_URL', 'postgres://app:pw@[fd00::4]:5432/rx'],
      ['DATABASE_URL', 'postgres://app:pw@db.provider.com:5432/rx?sslmode=verify-full'],
      ['DATABASE_DIRECT_URL', 'postgres://app:pw@db.provider.com:5432/rx?sslmode=verify-ca&sslrootcert=/ca.pem'],
      ['REDIS_URL', 'redis://:pw@redis:6379'],
      ['REDIS_URL', 'rediss://:pw@redis.cloud.com:6379'],
    ]) {
      expect(loadSettings({ ...production, [key]: value })[key as 'DATABASE_URL']).toBe(value);
    }
    expect(() =>
      loadSettings({ ...production, REDIS_URL: 'redis://:pw@redis:6379', REDIS_CLUSTER_NODES: 'r1.cloud.com:6379' }),
    ).toThrow('REDIS_URL: must be rediss://');
  });

  it('refuses the default contacts, which elsewhere are the samples', () => {
    const { MAIL_FROM: _f, SUPPORT_EMAIL: _e, SUPPORT_PHONE: _p, ...defaults } = production;
    void [_f, _e, _p];
    const message = failure(defaults);
    for (const key of ['MAIL_FROM', 'SUPPORT_EMAIL', 'SUPPORT_PHONE']) expect(message).toContain(`${key}: `);
    expect(loadSettings(base).SUPPORT_EMAIL).toBe('support@rxbridge.local');
  });

  it.each([
    ['JWT_SECRET', 'insecure-compose-default-secret-change-me-in-env-0123456789', 'sample or published'],
    ['JWT_SECRET', 'test-secret-that-is-long-enough-for-hs256-0123456789', 'sample or published'],
    ['JWT_SECRET', 'replace-with-64-hex-characters-from-openssl-rand-hex-32-0000000000', 'sample or published'],
    ['JWT_SECRET', 'x'.repeat(80), '256 bits'],
    ['JWT_SECRET', randomBytes(20).toString('hex'), '256 bits'],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_compose_default_change_me', 'sample or published'],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_rxbridgetest0123456789', 'sample or published'],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_abc', 'too short'],
    ['DOCUMENTS_ENCRYPTION_KEY', '0'.repeat(64), 'pattern'],
    ['DOCUMENTS_ENCRYPTION_KEY', 'ab'.repeat(32), 'pattern'],
    ['DOCUMENTS_ENCRYPTION_KEY', '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'pattern'],
    ['APP_URL', 'http://app.example.org', 'https'],
    ['STRIPE_API_BASE', 'http://stripe:12111', 'https'],
    ['TIMER_DAY_MS', '50', 'test setting'],
    ['APP_URL', 'https://rxbridge.example.org', 'sample domain'],
    ['FAX_GATEWAY_DOMAIN', 'fax.example.org', 'sample domain'],
    ['MAIL_FROM', 'RxBridge <no-reply@rxbridge.local>', 'sample domain'],
    ['SUPPORT_EMAIL', 'support@rxbridge.local', 'sample domain'],
    ['SUPPORT_EMAIL', 'help@clinic.test', 'sample domain'],
    ['SUPPORT_PHONE', '(800) 555-0199', 'sample number'],
    ['SMTP_URL', 'smtp://mailcatcher:1025', 'mail catcher'],
    ['SMTP_URL', 'smtp://127.0.0.1:1025', 'mail catcher'],
    ['SMTP_URL', 'smtp://user:pw@smtp.sendgrid.net:587', 'must use TLS'],
    ['SMTP_URL', 'smtp://[2001:db8::1]:25', 'must use TLS'],
    ['SMTP_URL', 'smtps://u:p@smtp.rxbridge.org:465?tls.rejectUnauthorized=false', 'pose as the relay'],
    ['DATABASE_URL', 'postgres://app:pw@db.provider.com:5432/rx', 'sslmode=verify-full'],
    ['DATABASE_URL', 'postgres://app:pw@db.provider.com:5432/rx?sslmode=disable', 'sslmode=verify-full'],
    ['DATABASE_URL', 'postgres://app:pw@db.provider.com:5432/rx?sslmode=no-verify', 'sslmode=verify-full'],
    ['DATABASE_URL', 'postgres://app:pw@db.provider.com/rx?uselibpqcompat=true&sslmode=require', 'sslmode=verify-full'],
    ['DATABASE_DIRECT_URL', 'postgres://app:pw@203.0.113.9:5432/rx', 'sslmode=verify-full'],
    ['REDIS_URL', 'redis://:pw@redis.cloud.com:6379', 'rediss://'],
  ])('refuses %s=%s', (key, value, reason) => {
    const message = failure({ ...production, [key]: value });
    expect(message).toContain(`${key}: `);
    expect(message.split('\n').find((l) => l.includes(`${key}: `))).toContain(reason);
  });

  it('refuses a test-mode Stripe key and ALLOW_INSECURE_DEVELOPMENT', () => {
    expect(failure({ ...production, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf' })).toContain(
      'STRIPE_SECRET_KEY: is a test-mode key',
    );
    expect(failure({ ...production, ALLOW_INSECURE_DEVELOPMENT: 'true' })).toContain(
      'ALLOW_INSECURE_DEVELOPMENT: must not be set in production',
    );
  });

  it('allows the test settings and a test-mode key in development', () => {
    expect(() =>
      loadSettings({
        ...production,
        NODE_ENV: 'development',
        TIMER_DAY_MS: '50',
        STRIPE_SECRET_KEY: 'sk_test_51AbCdEf',
      }),
    ).not.toThrow();
  });

  it('estimates the randomness of a secret', () => {
    expect(secretEntropyBits(randomBytes(32).toString('hex'))).toBe(256);
    expect(secretEntropyBits(randomBytes(32).toString('base64url'))).toBeGreaterThanOrEqual(256);
    expect(secretEntropyBits('ab'.repeat(40))).toBeLessThan(64);
  });
});

describe('managed service settings', () => {
  it('default to a direct PostgreSQL and a single Redis, the prefix as written', () => {
    const s = loadSettings(base);
    expect(s).toMatchObject({ DATABASE_POOLER: 'none', REDIS_PREFIX: 'rxb' });
    expect(s.DATABASE_DIRECT_URL).toBeUndefined();
    expect(s.REDIS_CLUSTER_NODES).toBeUndefined();
  });

  it('refuse a statement timeout sent at connection start through PgBouncer', () => {
    expect(failure({ ...base, DATABASE_POOLER: 'pgbouncer', DATABASE_STATEMENT_TIMEOUT_MS: '30000' })).toContain(
      'DATABASE_STATEMENT_TIMEOUT_MS: must be 0 with DATABASE_POOLER=pgbouncer',
    );
    expect(loadSettings({ ...base, DATABASE_POOLER: 'pgbouncer' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
  });

  it('put the key prefix in a hash tag on a Redis Cluster, once', () => {
    const nodes = 'redis-1:7000, redis-2:7001,10.0.0.3:7002';
    expect(loadSettings({ ...base, REDIS_CLUSTER_NODES: nodes, REDIS_PREFIX: 'rx' }).REDIS_PREFIX).toBe('{rx}');
    expect(loadSettings({ ...base, REDIS_CLUSTER_NODES: nodes, REDIS_PREFIX: '{rx}' }).REDIS_PREFIX).toBe('{rx}');
  });

  it('name a bad pooler, direct URL or cluster node', () => {
    const message = failure({
      ...base,
      DATABASE_POOLER: 'pgpool',
      DATABASE_DIRECT_URL: 'mysql://db',
      REDIS_CLUSTER_NODES: 'redis-1:7000,redis-2',
    });
    expect(message).toContain('DATABASE_POOLER: must be none or pgbouncer');
    expect(message).toContain('DATABASE_DIRECT_URL: must be a postgres or postgresql URL');
    expect(message).toContain('REDIS_CLUSTER_NODES: must be host:port pairs');
    expect(failure({ ...base, REDIS_PREFIX: '{rx' })).toContain('REDIS_PREFIX: must be 1-40 letters');
  });
});

describe('sizes and shutdown settings', () => {
  it('default to the constants they replace (docs/architecture.md §11)', () => {
    const s = loadSettings(base);
    expect(s).toMatchObject({
      DATABASE_POOL_SIZE: 10,
      DATABASE_POOL_ACQUIRE_TIMEOUT_MS: 10_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 0,
      QUEUE_CONCURRENCY: 5,
      SHUTDOWN_GRACE_SECONDS: 25,
      SOCKET_ADAPTER: 'classic',
    });
    for (const queue of QUEUE_CONCURRENCY_QUEUES) {
      expect(queueConcurrency(s, queue)).toBe(queue === 'applications' ? 20 : 5);
    }
  });

  it('reads each one', () => {
    const s = loadSettings({
      ...base,
      DATABASE_POOL_SIZE: '40',
      DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      QUEUE_CONCURRENCY: '8',
      QUEUE_CONCURRENCY_EMAIL: '20',
      SHUTDOWN_GRACE_SECONDS: '0',
      SOCKET_ADAPTER: 'sharded',
    });
    expect(s).toMatchObject({
      DATABASE_POOL_SIZE: 40,
      DATABASE_POOL_ACQUIRE_TIMEOUT_MS: 2000,
      DATABASE_STATEMENT_TIMEOUT_MS: 30000,
      SHUTDOWN_GRACE_SECONDS: 0,
      SOCKET_ADAPTER: 'sharded',
    });
    expect(queueConcurrency(s, 'email')).toBe(20);
    expect(queueConcurrency(s, 'billing')).toBe(8);
    expect(queueConcurrency(s, 'applications')).toBe(20);
    expect(queueConcurrency(loadSettings({ ...base, QUEUE_CONCURRENCY_APPLICATIONS: '3' }), 'applications')).toBe(3);
  });

  it.each([
    ['DATABASE_POOL_SIZE', '0', 'must be at least 1'],
    ['DATABASE_POOL_SIZE', 'ten', 'must be a whole number'],
    ['DATABASE_POOL_ACQUIRE_TIMEOUT_MS', '0', 'must be at least 100'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1', 'must be at least 0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '1.5', 'must be a whole number'],
    ['QUEUE_CONCURRENCY', '0', 'must be at least 1'],
    ['QUEUE_CONCURRENCY', '5000', 'must be at most 1000'],
    ['QUEUE_CONCURRENCY_TIMERS', 'many', 'must be a whole number'],
    ['QUEUE_CONCURRENCY_EMAILS', '3', 'names no queue; use one of QUEUE_CONCURRENCY_EMAIL'],
    ['SHUTDOWN_GRACE_SECONDS', '-5', 'must be at least 0'],
    ['SHUTDOWN_GRACE_SECONDS', '7200', 'must be at most 3600'],
    ['SOCKET_ADAPTER', 'cluster', 'must be classic or sharded'],
    ['WORKER_NICE', '20', 'must be at most 19'],
    ['WORKER_NICE', '-5', 'must be at least 0'],
  ])('refuses %s=%s, naming it', (key, value, reason) => {
    const message = failure({ ...base, [key]: value });
    expect(message.split('\n').find((l) => l.includes(`${key}: `))).toContain(reason);
  });
});

describe('unsafe settings outside test (docs/architecture.md §13)', () => {
  const { ALLOW_INSECURE_DEVELOPMENT: _allowed, ...development } = base;
  void _allowed;
  const safe = {
    ...development,
    APP_URL: 'https://app.example.org',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  };

  it('starts in development with random secrets and https addresses', () => {
    expect(loadSettings(safe).NODE_ENV).toBe('development');
  });

  it.each([
    ['JWT_SECRET', 'replace-with-64-hex-characters-from-openssl-rand-hex-32-0000000000'],
    ['DOCUMENTS_ENCRYPTION_KEY', '0'.repeat(64)],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_replace_me'],
    ['STRIPE_SECRET_KEY', 'sk_test_replace_me'],
    ['APP_URL', 'http://localhost:3000'],
    ['STRIPE_API_BASE', 'http://127.0.0.1:12111'],
    ['S3_ENDPOINT', 'http://storage.example.org:9000'],
  ])('refuses %s=%s in development, naming it and the way out', (key, value) => {
    const message = failure({ ...safe, [key]: value });
    expect(message).toContain(`${key}: `);
    expect(message).toContain('ALLOW_INSECURE_DEVELOPMENT: set it to true');
    expect(() => loadSettings({ ...safe, [key]: value, ALLOW_INSECURE_DEVELOPMENT: 'true' })).not.toThrow();
    expect(() => loadSettings({ ...safe, [key]: value, NODE_ENV: 'test' })).not.toThrow();
  });

  it('accepts http document storage on the private network only', () => {
    for (const endpoint of ['http://minio:9000', 'http://10.0.3.7:9000', 'http://minio.storage.svc:9000'])
      expect(loadSettings({ ...safe, S3_ENDPOINT: endpoint }).S3_ENDPOINT).toBe(endpoint);
    expect(failure({ ...safe, S3_ENDPOINT: 'http://8.8.8.8:9000' })).toContain('S3_ENDPOINT: must be an https URL');
  });

  it("refuses every value of .env.example's secrets", () => {
    const message = failure({
      ...development,
      JWT_SECRET: 'replace-with-64-hex-characters-from-openssl-rand-hex-32-0000000000',
      STRIPE_SECRET_KEY: 'sk_test_replace_me',
      STRIPE_WEBHOOK_SECRET: 'whsec_replace_me',
    });
    for (const key of ['JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'APP_URL']) {
      expect(message).toContain(`${key}: `);
    }
  });
});

/** The address the API's rate limits count for a request that came through these hops (apps/api create-server.ts). */
async function visitorSeen(trustProxy: string, forwardedFor: string, remoteAddress = '172.18.0.9') {
  const app = fastify({ trustProxy: loadSettings({ ...base, TRUST_PROXY: trustProxy }).TRUST_PROXY });
  app.get('/ip', (request) => ({ ip: request.ip }));
  const res = await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

// A visitor behind a load balancer (10.0.0.5) and the bundled proxy (172.18.0.9), who also sent a forged
// X-Forwarded-For of their own (README.md, Docker: the proxy).
describe('TRUST_PROXY: whose address the per-address limits count', () => {
  const chain = '198.51.100.1, 203.0.113.7, 10.0.0.5';

  it('counts the visitor with two hops, or with the proxies named', async () => {
    expect(await visitorSeen('2', chain)).toBe('203.0.113.7');
    expect(await visitorSeen('10.0.0.0/8,uniquelocal', chain)).toBe('203.0.113.7');
  });

  it('with one hop counts the load balancer, which would put every visitor on one address', async () => {
    expect(await visitorSeen('true', chain)).toBe('10.0.0.5');
  });

  it('believes no header when off, and a proxy only from its address', async () => {
    expect(await visitorSeen('false', chain)).toBe('172.18.0.9');
    expect(await visitorSeen('10.0.0.0/8', '198.51.100.1', '203.0.113.50')).toBe('203.0.113.50');
  });

  it.each(['maybe', '6', '10.0.0.0/40', '10.0.0.0/8,nowhere'])('refuses TRUST_PROXY=%s, naming it', (value) => {
    expect(() => loadSettings({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false, a number/);
  });
});
