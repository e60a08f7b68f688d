import { z } from 'zod';
import { clusterKeyPrefix, clusterNodes, poolerProblems } from './managed-service-settings';
import { decodeEncryptionKey, unsafeSettingsProblems } from './unsafe-settings';
import { bool, int, trustedProxies, url } from './setting-fields';
import { SIZING_SETTINGS, unknownQueueSettings } from './sizing-settings';

// Sizes and shutdown are their own block (sizing-settings.ts); the queue names and the per-queue rule are read from here too.
export { QUEUE_CONCURRENCY_QUEUES, queueConcurrency } from './sizing-settings';

const idleMinutes = z.coerce
  .number({ error: 'must be a number of minutes' })
  .min(0.05, 'must be at least 0.05 (3 seconds)')
  .max(1440, 'must be at most 1440');

/**
 * Managed PostgreSQL and Redis (docs/architecture.md §11 Managed services): a block of its own.
 * - DATABASE_POOLER=pgbouncer: DATABASE_URL is a PgBouncer in transaction mode, so nothing may
 *   rely on a server session (no LISTEN, no named prepared statement, no session advisory lock).
 * - DATABASE_DIRECT_URL: a session-keeping connection for migrations; DATABASE_URL when unset.
 * - REDIS_CLUSTER_NODES: every Redis client is a Redis Cluster client on these startup nodes;
 *   REDIS_URL still gives the scheme (rediss: TLS) and the credentials.
 */
const managedServiceSettings = {
  DATABASE_POOLER: z.enum(['none', 'pgbouncer'], { error: 'must be none or pgbouncer' }).default('none'),
  DATABASE_DIRECT_URL: url(
    ['postgres', 'postgresql'],
    'postgres://user:password@db.example.com:5432/rxbridge',
  ).optional(),
  REDIS_CLUSTER_NODES: z
    .string()
    .refine(
      (v) => clusterNodes(v).every((n) => /^[a-zA-Z0-9.-]{1,253}:\d{1,5}$/.test(n) && Number(n.split(':')[1]) <= 65535),
      'must be host:port pairs separated by commas, e.g. redis-1:6379,redis-2:6379,redis-3:6379',
    )
    .optional(),
};

/** Every setting of the API and the worker; `.env.example` documents each. */
export const settingsSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { error: 'must be development, test or production' })
    .default('development'),
  PORT: int(0, 65535).default(3000),
  /**
   * The address the API listens on: both loopbacks by default, so a developer's machine is not
   * reachable from its network; the image sets 0.0.0.0, the address a container's proxy or probes reach.
   */
  HOST: z.string().min(1).default('localhost'),
  /** GET /metrics (Prometheus) on this port of its own; off when not set; 0 picks a free port. */
  METRICS_PORT: int(0, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url(['http', 'https'], 'https://app.example.com').optional(),
  DATABASE_URL: url(['postgres', 'postgresql'], 'postgres://user:password@localhost:5432/rxbridge'),
  REDIS_URL: url(['redis', 'rediss'], 'redis://localhost:6379'),
  REDIS_PREFIX: z
    .string()
    // A prefix already in braces (a hash tag, as clusterKeyPrefix makes it) is taken as it is.
    .regex(
      /^([a-zA-Z0-9:_-]{1,40}|\{[a-zA-Z0-9:_-]{1,40}\})$/,
      'must be 1-40 letters, digits, colons, dashes or underscores',
    )
    .default('rxb'),
  SMTP_URL: url(['smtp', 'smtps'], 'smtp://user:password@smtp.example.com:587'),
  MAIL_FROM: z
    .string()
    .min(3, 'must be a sender such as "RxBridge <no-reply@example.com>"')
    .default('RxBridge <no-reply@rxbridge.local>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters of random text (e.g. `openssl rand -hex 32`)'),
  ACCESS_TOKEN_TTL_SECONDS: int(60, 86400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: int(1, 365).default(30),
  /** Absolute lifetime of a login session, however often it is refreshed: staff, then patients. */
  SESSION_MAX_HOURS_STAFF: int(1, 8760).default(12),
  SESSION_MAX_HOURS_PATIENT: int(1, 8760).default(168),
  /** Idle logoff (docs/product.md §7): staff, then patients; fractions allowed so tests can use seconds. */
  SESSION_IDLE_MINUTES_STAFF: idleMinutes.default(15),
  SESSION_IDLE_MINUTES_PATIENT: idleMinutes.default(30),
  /**
   * How often every live connection's session and role are checked again (docs/architecture.md §8);
   * below SOCKET_RECHECK_MIN_MS only with NODE_ENV=test, so tests can shorten it.
   */
  SOCKET_RECHECK_MS: int(100, 300_000).default(30_000),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@rxbridge.local'),
  SUPPORT_PHONE: z.string().min(7, 'must be a phone number such as (800) 555-0199').default('(800) 555-0199'),
  MAINTENANCE_MODE: bool.default(false),
  MAINTENANCE_BYPASS_CODE: z.string().min(6, 'must be at least 6 characters').optional(),
  CHAT_WIDGET_SRC: url(['https', 'http'], 'https://chat.example.com/widget.js').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be a pino level such as info',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustedProxies.default(false),
  /** Tracing's collector (OTLP over HTTP); off when not set. tracing.ts reads both first, before the settings. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http', 'https'], 'http://otel-collector:4318').optional(),
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'must be a name such as rxbridge-api')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)'),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be the webhook signing secret (whsec_...)'),
  STRIPE_API_BASE: url(['https', 'http'], 'https://api.stripe.com').default('https://api.stripe.com'),
  /** How often the worker looks for renewals, reminders and ended subscriptions. */
  BILLING_SWEEP_SECONDS: int(5, 86400).default(900),
  /** How often the worker settles charges left PENDING and retries first charges (docs/architecture.md §7). */
  BILLING_RECONCILE_SECONDS: int(1, 86400).default(300),
  /** A charge PENDING this long is settled from Stripe; also the first wait of its backoff (up to a day). */
  CHARGE_RECONCILE_AFTER_SECONDS: int(1, 86400).default(600),
  /** A first charge still unpaid this long after the shipment was scheduled is mailed to the navigators. */
  CHARGE_UNPAID_ALERT_SECONDS: int(1, 30 * 86400).default(86400),
  /**
   * Published outbox rows, processed effects, Stripe events and expired refresh tokens older than this are removed.
   * At least the 30 days a failed job is kept for a retry (DEFAULT_JOB_OPTIONS in libs/events): a processed effect
   * pruned sooner would let that retry repeat it, an email sent twice (docs/architecture.md §6, Retention).
   */
  RETENTION_DAYS: int(30, 3650).default(30),
  /** How often the worker prunes those tables. */
  RETENTION_SWEEP_SECONDS: int(5, 86400).default(3600),
  /**
   * The worker touches this file every 10 s while PostgreSQL and Redis answer (its healthcheck); `off`: none
   * (an empty value means "not set", so the default, as for every setting).
   */
  WORKER_LIVENESS_FILE: z
    .string()
    .default('/tmp/rxbridge-worker.alive')
    .transform((file) => (file === 'off' ? null : file)),
  /** The worker's CPU niceness (0-19): it yields shared cores to the API, whose work people wait on. */
  WORKER_NICE: int(0, 19).default(10),
  /** How often the worker removes stored document files that no document row points at. */
  DOCUMENT_SWEEP_SECONDS: int(5, 86400).default(3600),
  DOCUMENTS_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => decodeEncryptionKey(v) !== null,
      'must be 32 random bytes as 64 hex characters or base64 (e.g. `openssl rand -hex 32`)',
    ),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  STORAGE_DIR: z.string().default('.data/documents'),
  S3_ENDPOINT: url(['https', 'http'], 'https://s3.us-east-1.amazonaws.com').optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name such as rxbridge-documents')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO, R2, most compatible services) rather than in the host name. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  DOCUMENT_LINK_TTL_SECONDS: int(30, 3600).default(300),
  /** Uploads one patient may make per hour, and the total size of their stored documents. */
  DOCUMENT_UPLOADS_PER_HOUR: int(1, 10_000).default(20),
  DOCUMENT_STORAGE_QUOTA_MB: int(1, 100_000).default(100),
  /**
   * The email-to-fax gateway's domain: a packet is faxed as one email to `{number's digits}@{domain}` (docs/product.md
   * §17). Outside production it defaults to a local name, so the mail catcher receives the faxes.
   */
  FAX_GATEWAY_DOMAIN: z
    .string()
    .regex(/^(?=.{3,200}$)([a-z0-9-]+\.)+[a-z0-9-]+$/i, 'must be a domain name such as fax.example.com')
    .optional(),
  // Length of one "day" for the refill and renewal timers; tests shrink it to run a year in seconds.
  TIMER_DAY_MS: int(1, 86_400_000).default(86_400_000),
  ...managedServiceSettings,
  ...SIZING_SETTINGS,

  // --- Unsafe settings (issue 30, docs/architecture.md §13) ---------------------------------------
  /**
   * A developer's machine only (`npm start` sets it and says so): sample secrets, a test Stripe key and
   * http addresses are accepted. Outside NODE_ENV=test they are refused without it; production refuses it.
   */
  ALLOW_INSECURE_DEVELOPMENT: bool.default(false),
  // --- end of unsafe settings ---------------------------------------------------------------------
});

const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET'] as const;
/**
 * The settings the chosen document storage needs but lacks, one line each. The keys are optional
 * (the AWS SDK's default credential chain is used without them: AWS_* variables, shared config,
 * container and instance roles) but go in pairs.
 */
export function storageSettingsProblems(
  s: Partial<Record<'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>> & {
    STORAGE_DRIVER: string;
  },
): string[] {
  if (s.STORAGE_DRIVER !== 's3') return [];
  const problems: string[] = S3_REQUIRED.filter((k) => !s[k]).map((k) => `${k}: is required when STORAGE_DRIVER=s3`);
  if (!s.S3_ACCESS_KEY_ID !== !s.S3_SECRET_ACCESS_KEY) {
    const missing = s.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(
      `${missing}: is required with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}`,
    );
  }
  return problems;
}

export type Settings = z.output<typeof settingsSchema> & { APP_URL: string; FAX_GATEWAY_DOMAIN: string };

/** Where faxes go outside production: the mail catcher takes every address (docs/product.md §17). */
export const LOCAL_FAX_GATEWAY_DOMAIN = 'fax.rxbridge.local';

export class SettingsError extends Error {}

/** The shortest live-connection re-check outside tests: a shorter one costs a query per socket for nothing. */
export const SOCKET_RECHECK_MIN_MS = 5_000;

/** Values only the tests may use, one line per setting. */
function testOnlyProblems(s: { NODE_ENV: string; SOCKET_RECHECK_MS: number }): string[] {
  if (s.NODE_ENV === 'test' || s.SOCKET_RECHECK_MS >= SOCKET_RECHECK_MIN_MS) return [];
  return [`SOCKET_RECHECK_MS: must be at least ${SOCKET_RECHECK_MIN_MS} (shorter only with NODE_ENV=test)`];
}

/**
 * A session is dated from its oldest refresh token, and the retention prune removes tokens expired RETENTION_DAYS ago:
 * a session allowed to outlive its first token by more would see its start move on and never reach its absolute end.
 */
function sessionLifetimeProblems(s: {
  SESSION_MAX_HOURS_STAFF: number;
  SESSION_MAX_HOURS_PATIENT: number;
  REFRESH_TOKEN_TTL_DAYS: number;
  RETENTION_DAYS: number;
}): string[] {
  const kept = (s.REFRESH_TOKEN_TTL_DAYS + s.RETENTION_DAYS) * 24;
  return (['SESSION_MAX_HOURS_STAFF', 'SESSION_MAX_HOURS_PATIENT'] as const)
    .filter((key) => s[key] >= kept)
    .map((key) => `${key}: must be under ${kept} hours (REFRESH_TOKEN_TTL_DAYS plus RETENTION_DAYS, in hours)`);
}

/** Validates the environment; a bad value stops the start with a message naming the setting. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  // An empty variable means "not set", as in most shells' `VAR=` lines.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = settingsSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      return `  ${key}: ${i.code === 'invalid_type' && cleaned[key] === undefined ? 'is required' : i.message}`;
    });
    throw new SettingsError(`Invalid settings (see .env.example):\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  if (s.MAINTENANCE_MODE && !s.MAINTENANCE_BYPASS_CODE) {
    throw new SettingsError(
      'Invalid settings (see .env.example):\n  MAINTENANCE_BYPASS_CODE: is required when MAINTENANCE_MODE=true',
    );
  }
  const problems = [
    ...storageSettingsProblems(s),
    ...testOnlyProblems(s),
    ...sessionLifetimeProblems(s),
    ...unknownQueueSettings(cleaned),
    ...poolerProblems(s),
    ...unsafeSettingsProblems(s),
  ];
  if (problems.length) {
    throw new SettingsError(`Invalid settings (see .env.example):\n${problems.map((l) => `  ${l}`).join('\n')}`);
  }
  return {
    ...s,
    REDIS_PREFIX: clusterKeyPrefix(s.REDIS_PREFIX, !!s.REDIS_CLUSTER_NODES),
    APP_URL: (s.APP_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, ''),
    FAX_GATEWAY_DOMAIN: s.FAX_GATEWAY_DOMAIN ?? LOCAL_FAX_GATEWAY_DOMAIN,
  };
}
