#!/usr/bin/env node
import { startStripeLocal } from './server';

// Starts stripe-local from the environment, e.g.
//   STRIPE_WEBHOOK_SECRET=whsec_local STRIPE_WEBHOOK_URL=http://127.0.0.1:3000/api/v1/stripe/webhook node dist/main.js

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 12111;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`STRIPE_LOCAL_PORT must be a port number from 0 to 65535, got "${value}".`);
  }
  return port;
}

async function main(): Promise<void> {
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret)
    throw new Error('STRIPE_WEBHOOK_SECRET is required (the whsec_... secret your app verifies webhooks with).');
  const server = await startStripeLocal({
    port: readPort(process.env.STRIPE_LOCAL_PORT),
    host: process.env.STRIPE_LOCAL_HOST || '127.0.0.1',
    webhookUrl: process.env.STRIPE_WEBHOOK_URL || undefined,
    webhookSecret,
    stateFile: process.env.STRIPE_LOCAL_STATE_FILE || undefined,
    publicUrl: process.env.STRIPE_LOCAL_PUBLIC_URL || undefined,
  });
  console.log(`stripe-local listening on ${server.url}`);
  console.log(`  webhooks -> ${process.env.STRIPE_WEBHOOK_URL || '(none: set STRIPE_WEBHOOK_URL)'}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
