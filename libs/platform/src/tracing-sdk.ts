import type { IncomingMessage } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

/** Probes and scrapes: every few seconds, never part of a move. */
const UNTRACED = /^\/(api\/v1\/health|metrics)(\/|\?|$)/;

/**
 * The SDK with the instrumentations the pipeline needs (docs/architecture.md §13 Tracing): HTTP in
 * and out (the API's requests, Stripe's calls), PostgreSQL and Redis inside a trace only (the
 * worker's queue polling is no trace of its own). Returns its shutdown, which flushes the spans.
 */
export function startSdk(): () => Promise<void> {
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? ''),
        // A query may hold a signed link's token: the span keeps the path only (as the request log does).
        requestHook: (span, request) => {
          if ((request as IncomingMessage).url?.includes('?')) span.setAttribute('url.query', '[redacted]');
        },
      }),
      new PgInstrumentation({
        requireParentSpan: true,
        // PostgreSQL's error text can quote a value (`invalid input syntax for type uuid: "..."`): a
        // failed query's span keeps its error code (error.type), never the message.
        requestHook: (span) => {
          const setStatus = span.setStatus.bind(span);
          span.setStatus = (status) => setStatus({ code: status.code });
        },
      }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
