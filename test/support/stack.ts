import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiServer } from '@rxbridge/api';
import { loadSettings, type Settings } from '@rxbridge/platform';
import { runMigrations } from '@rxbridge/database';
import { startMailCatcher, type MailCatcher } from '@rxbridge/mail-catcher';
import { startStripeLocal, type StripeLocal } from '@rxbridge/stripe-local';
import { createWorker } from '@rxbridge/worker';
import { createRedisNamespace, createTestDatabase } from './infra';

// The one place tests reach the apps: every spec starts the API and the worker through this file.
export {
  BillingReconciler,
  BillingSweep,
  createWorker,
  DocumentFileSweep,
  OutboxRelayService,
  RetentionPrune,
} from '@rxbridge/worker';
export { answerProblem, RevokedSessions, routeContracts, routeOf, type RouteContract } from '@rxbridge/api';

export interface TestStack {
  /** Origin serving the web app and /api/v1. */
  baseUrl: string;
  apiUrl: string;
  settings: Settings;
  /** The environment the settings were read from, to start the built apps as processes (bench/). */
  env: Record<string, string>;
  mail: MailCatcher;
  /** The local Stripe-compatible server this stack's API and worker talk to through the real SDK. */
  stripe: StripeLocal;
  api: NestFastifyApplication;
  worker: INestApplicationContext | null;
  close(): Promise<void>;
}

export interface StackOptions {
  env?: Record<string, string>;
  /** Without the worker no event is handled (for tests of what the API alone commits). */
  withWorker?: boolean;
  /**
   * The API and worker's DATABASE_URL, from the URL the migrations ran with (the owner's), e.g. the
   * app's own role (test/ops/app-role.e2e-spec.ts). Default: the owner's.
   */
  appDatabaseUrl?: (ownerUrl: string) => Promise<string>;
}

/**
 * The real API and worker on a database, Redis prefix and SMTP capture of their own, listening on
 * a free loopback port: what every end-to-end test drives over HTTP.
 */
export async function startStack(opts: StackOptions = {}): Promise<TestStack> {
  const db = await createTestDatabase();
  const redis = createRedisNamespace();
  const mail = await startMailCatcher({ httpPort: null });
  const stripeWebhookSecret = 'whsec_rxbridgetest0123456789';
  const stripe = await startStripeLocal({ webhookSecret: stripeWebhookSecret, webhookRetryDelaysMs: [200, 500, 1000] });
  await runMigrations(db.url);
  // Each stack keeps its documents in a folder of its own, removed on close.
  const storageDir = await mkdtemp(join(tmpdir(), 'rxb-documents-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: opts.appDatabaseUrl ? await opts.appDatabaseUrl(db.url) : db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    SMTP_URL: mail.smtpUrl,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SUPPORT_EMAIL: 'support@rxbridge.test',
    SUPPORT_PHONE: '(800) 555-0199',
    TRUST_PROXY: 'true',
    DOCUMENTS_ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
    STORAGE_DIR: storageDir,
    STRIPE_SECRET_KEY: 'sk_test_rxbridge',
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...opts.env,
  };
  const settings = loadSettings(env);
  const api = await createApiServer(settings);
  await api.listen(0, '127.0.0.1');
  const port = (api.getHttpServer().address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Links in emails must point at this server.
  settings.APP_URL = baseUrl;
  stripe.setWebhookUrl(`${baseUrl}/api/v1/payments/webhook`);
  const worker = opts.withWorker === false ? null : await createWorker(settings);
  return {
    baseUrl,
    apiUrl: `${baseUrl}/api/v1`,
    settings,
    env,
    mail,
    stripe,
    api,
    worker,
    async close() {
      await worker?.close();
      await api.close();
      await mail.close();
      await stripe.close();
      await redis.clean();
      await db.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export interface ExtraApi {
  baseUrl: string;
  apiUrl: string;
  api: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * A second API process on the stack's settings (same database, Redis and prefix), on its own port;
 * `overrides` change some of them for that process alone (e.g. an https APP_URL).
 */
export async function startExtraApi(stack: TestStack, overrides: Partial<Settings> = {}): Promise<ExtraApi> {
  const api = await createApiServer({ ...stack.settings, ...overrides });
  await api.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`;
  return { baseUrl, apiUrl: `${baseUrl}/api/v1`, api, close: () => api.close() };
}
