import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureAccount } from '@rxbridge/accounts';
import { loadSettings, PROCESS_ENV, SettingsError } from '@rxbridge/platform';
import { createDataSource, runMigrations } from '@rxbridge/database';
import { startMailCatcher, type MailCatcher } from '@rxbridge/mail-catcher';
import { startStripeLocal } from '@rxbridge/stripe-local';
import { freePort, isFree } from './ports';
import { startEmbeddedPostgres, startRedis, type RunningService } from './services';
import { supervise } from './supervisor';

/**
 * `npm start`: the whole product on one machine with nothing else installed. Every service named by
 * DATABASE_URL, REDIS_URL or SMTP_URL is used as it is; the others are started here, with their
 * data under .data/ (LOCAL_DATA_DIR). Ctrl-C stops everything this started.
 */
const ROOT = resolve(__dirname, '../../..');
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
/** Where the started services keep their data and the logs go; LOCAL_DATA_DIR moves it (a test's own). */
const DATA = resolve(ROOT, process.env.LOCAL_DATA_DIR || '.data');
/** A path under DATA as the terminal shows it: relative to the repository when inside it. */
const shown = (...parts: string[]) => {
  const path = relative(ROOT, join(DATA, ...parts));
  return path.startsWith('..') ? join(DATA, ...parts) : path;
};

export const DEMO_PATIENT = { email: 'patient@demo.rxbridge.local', password: 'Patient!2345' };
export const DEMO_NAVIGATOR = { email: 'navigator@demo.rxbridge.local', password: 'Navigator!2345' };

const stops: (() => Promise<void>)[] = [];
let stopping = false;

/** Thrown by a startup step that finds the stack stopping: what it started is stopped already. */
class StartupCancelled extends Error {}

/**
 * Keeps how to stop what a startup step has just started (`first`: stopped before the rest, as the
 * API and the worker are before the services they use). A step that finishes after Ctrl-C (a signal
 * during startup) stops what it started at once, and the startup goes no further.
 */
async function onStop(stop: () => Promise<void>, first = false): Promise<void> {
  if (stopping) {
    await stop();
    throw new StartupCancelled();
  }
  if (first) stops.unshift(stop);
  else stops.push(stop);
}

async function main() {
  mkdirSync(join(DATA, 'logs'), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, ...localSecrets() };
  for (const [key, value] of Object.entries(PROCESS_ENV)) env[key] ??= value;
  env.NODE_ENV ??= 'development';
  env.PORT ??= '3000';
  env.LOG_LEVEL ??= 'info';
  env.APP_URL ??= `http://localhost:${env.PORT}`;
  // A developer's machine: http addresses and the local Stripe server's test key are accepted, and said
  // so (docs/architecture.md §13). Production refuses the flag, so a production .env starts as it is.
  if (env.NODE_ENV !== 'production') {
    // Empty means unset (as in .env.example); an explicit false is kept.
    env.ALLOW_INSECURE_DEVELOPMENT ||= 'true';
    if (['true', '1', 'yes'].includes(env.ALLOW_INSECURE_DEVELOPMENT)) {
      step(
        'ALLOW_INSECURE_DEVELOPMENT=true: sample secrets, test keys and http addresses are accepted (never in production)',
      );
    }
  }
  // The web app's address is the one thing not moved to a free port (it is printed, bookmarked and in
  // emailed links): taken by another program, say so now rather than after a minute of the API's restarts.
  const port = Number(env.PORT);
  if (Number.isInteger(port) && port > 0 && port <= 65535 && !(await isFree(port))) {
    throw new Error(
      `Port ${port} is in use by another program. Stop it, or start on another port: PORT=${port + 1} npm start`,
    );
  }
  const started: string[] = [];

  if (!env.DATABASE_URL) {
    step(`Starting PostgreSQL (embedded, data in ${shown('postgres')})`);
    const pg = await startEmbeddedPostgres(join(DATA, 'postgres'), 'rxbridge');
    await onStop(pg.stop);
    env.DATABASE_URL = pg.url;
    started.push(`PostgreSQL     ${pg.url}`);
  }
  if (!env.REDIS_URL) {
    step(`Starting Redis (data in ${shown('redis')})`);
    const redis: RunningService = await startRedis(join(DATA, 'redis'));
    await onStop(redis.stop);
    env.REDIS_URL = redis.url;
    started.push(`Redis          ${redis.url}`);
  }
  let inbox: string | null = null;
  if (!env.SMTP_URL) {
    step('Starting the mail catcher');
    const mail: MailCatcher = await startMailCatcher({
      smtpPort: await freePort(1025),
      httpPort: await freePort(1080),
    });
    await onStop(mail.close);
    env.SMTP_URL = mail.smtpUrl;
    inbox = mail.inboxUrl;
  }

  let checkout: string | null = null;
  if (!env.STRIPE_SECRET_KEY) {
    step(
      'Starting the local Stripe-compatible server (test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)',
    );
    const stripe = await startStripeLocal({
      port: await freePort(12111),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      webhookUrl: `http://127.0.0.1:${env.PORT}/api/v1/payments/webhook`,
      stateFile: join(DATA, 'stripe-local.json'),
    });
    await onStop(stripe.close);
    env.STRIPE_SECRET_KEY = 'sk_test_local';
    env.STRIPE_API_BASE = stripe.url;
    checkout = stripe.url;
  }

  const settings = loadSettings(env);
  step('Applying database migrations');
  await runMigrations(settings.DATABASE_URL);
  const created = await seedDemoAccounts(settings.DATABASE_URL);
  // Lets `npm run user:create` reach the database of this running stack.
  writeFileSync(join(DATA, 'local-stack.env'), `DATABASE_URL=${settings.DATABASE_URL}\n`);
  await onStop(async () => rmSync(join(DATA, 'local-stack.env'), { force: true }));

  step('Starting the API and the worker');
  await launch('api', join(ROOT, 'apps/api/dist/main.js'), env);
  // Two processes on one machine: the worker's /metrics goes on the next port (README "Metrics").
  const metricsPort = Number(env.METRICS_PORT);
  const workerMetrics = env.METRICS_PORT && metricsPort > 0 ? { METRICS_PORT: String(metricsPort + 1) } : {};
  await launch('worker', join(ROOT, 'apps/worker/dist/main.js'), { ...env, ...workerMetrics });
  await waitForHealth(`http://127.0.0.1:${settings.PORT}/api/v1/health`);

  const line = '─'.repeat(72);
  console.log(`\n${line}
  RxBridge is running

  Web app        ${settings.APP_URL}
  API            ${settings.APP_URL}/api/v1  (health: ${settings.APP_URL}/api/v1/health)
  Mail inbox     ${inbox ?? `(your SMTP server: ${redact(settings.SMTP_URL)})`}
${checkout ? `  Stripe (local) ${checkout}  (test card 4242 4242 4242 4242)\n` : ''}${started.map((s) => `  ${s}`).join('\n')}
  Logs           ${shown('logs', 'api.log')}, ${shown('logs', 'worker.log')}

  Demo patient   ${DEMO_PATIENT.email} / ${DEMO_PATIENT.password}
  Demo navigator ${DEMO_NAVIGATOR.email} / ${DEMO_NAVIGATOR.password}${created ? '  (created now)' : ''}

  Press Ctrl-C to stop everything.
${line}\n`);
}

function localSecrets(): Record<string, string> {
  // Generated once, so sessions and encrypted files survive a restart.
  const file = join(DATA, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  secrets.JWT_SECRET ??= randomBytes(32).toString('hex');
  secrets.DOCUMENTS_ENCRYPTION_KEY ??= randomBytes(32).toString('hex');
  secrets.STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('hex')}`;
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  // A variable set in the environment wins over the generated one.
  return Object.fromEntries(Object.entries(secrets).filter(([k]) => !process.env[k]));
}

async function seedDemoAccounts(databaseUrl: string): Promise<boolean> {
  const db = createDataSource(databaseUrl);
  await db.initialize();
  try {
    const patient = await ensureAccount(db, {
      ...DEMO_PATIENT,
      role: 'USER',
      firstName: 'Dana',
      lastName: 'Demo',
      emailVerified: true,
      profile: {
        phone: '5551234567',
        dateOfBirth: '1962-05-14',
        gender: 'female',
        maritalStatus: 'married',
        mailingStreet: '12 Oak Street',
        mailingCity: 'Springfield',
        mailingState: 'IL',
        mailingZip: '62701',
        tier: 'ONGOING_CARE',
      },
    });
    const navigator = await ensureAccount(db, {
      ...DEMO_NAVIGATOR,
      role: 'NAVIGATOR',
      firstName: 'Nora',
      lastName: 'Navigator',
      emailVerified: true,
    });
    return patient === 'created' || navigator === 'created';
  } finally {
    await db.destroy();
  }
}

async function launch(name: string, script: string, env: NodeJS.ProcessEnv) {
  if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first (npm start does it).`);
  if (stopping) throw new StartupCancelled();
  // Restarted when it dies; stopped for good by Ctrl-C (docs/architecture.md §1 Processes).
  const proc = supervise({
    name,
    script,
    env,
    logFile: join(DATA, 'logs', `${name}.log`),
    isStopping: () => stopping,
    onGiveUp: () => void shutdown(1),
  });
  await onStop(() => proc.stop(), true);
}

async function waitForHealth(url: string, timeoutMs = 60000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (stopping) throw new StartupCancelled();
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The API did not become healthy within ${timeoutMs / 1000} s; see ${shown('logs', 'api.log')}`);
}

const step = (text: string) => console.log(`• ${text}`);
const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  // The API and worker first (they hold connections), then the services they used.
  for (const stop of stops.splice(0)) {
    await stop().catch((err) => console.error(err instanceof Error ? err.message : err));
  }
  // A startup step still under way stops what it starts itself (onStop()); exiting before it
  // would leave that process running with nobody to stop it.
  await startup;
  process.exit(code);
}

// Ctrl-C signals the whole terminal's group; `kill` or a closed terminal may signal this process
// alone, and only this process knows what it started.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

const startup = main().catch((err) => {
  // Stopping during startup: a step that fails because its service was just stopped is no news.
  if (err instanceof StartupCancelled || stopping) return;
  console.error(`\n${err instanceof SettingsError ? err.message : err instanceof Error ? err.message : err}`);
  void shutdown(1);
});
