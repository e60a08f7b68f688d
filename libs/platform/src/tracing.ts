import { loadDotEnv } from './dotenv';

// OpenTelemetry for the API and the worker (docs/architecture.md §13 Tracing). This file loads
// nothing of OpenTelemetry's SDK unless tracing is on: it is the first import of each process's
// main, and its instrumentations must patch http, pg and ioredis before anything loads them.

let stop: (() => Promise<void>) | null = null;

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (from the environment or `.env`): spans go
 * to that OTLP collector, as `OTEL_SERVICE_NAME` (default `serviceName`). The other OTEL_* variables
 * of the OpenTelemetry specification apply (protocol, export delay, sampler); no metrics or logs are
 * exported. Returns whether tracing is on.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  loadDotEnv(undefined, env);
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  env.OTEL_SERVICE_NAME ||= serviceName;
  env.OTEL_TRACES_EXPORTER ||= 'otlp';
  env.OTEL_METRICS_EXPORTER ||= 'none';
  env.OTEL_LOGS_EXPORTER ||= 'none';
  // Required here, not imported above: with tracing off the SDK is never loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./tracing-sdk') as typeof import('./tracing-sdk');
  stop = sdk.startSdk();
  return true;
}

/** Sends the spans still buffered, before the process exits (exitOnShutdownSignal); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const stopping = stop;
  stop = null;
  await stopping?.().catch(() => undefined);
}
