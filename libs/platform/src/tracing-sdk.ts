import type { IncomingMessage, RequestOptions } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

/** Probes and scrapes: every few seconds, never part of a move. */
const UNTRACED = /^\/(api\/v1\/health|metrics)(\/|\?|$)/;

/**
 * A failed statement's or command's span keeps its error code (error.type), never the message:
 * PostgreSQL's text can quote a value (`invalid input syntax for type uuid: "..."`), docs/architecture.md §13 Tracing.
 */
function keepStatusCodeOnly(span: Span): void {
  const setStatus = span.setStatus.bind(span);
  span.setStatus = (status) => setStatus({ code: status.code });
}

/** An outgoing call's address without its query, which may name a patient (§13 Tracing); none if unparsable. */
function urlWithoutQuery(options: RequestOptions): string | undefined {
  try {
    const host = options.hostname ?? options.host ?? 'localhost';
    const url = new URL(`${options.protocol ?? 'http:'}//${host.includes(':') ? `[${host}]` : host}`);
    if (options.port) url.port = String(options.port);
    url.pathname = (options.path ?? '/').split('?')[0];
    return url.href;
  } catch {
    return undefined;
  }
}

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
        // The visitor's address is a patient's, and the request log keeps none either (§13): left out.
        startIncomingSpanHook: () => ({ 'client.address': undefined, 'network.peer.address': undefined }),
        startOutgoingSpanHook: (options) => ({ 'url.full': urlWithoutQuery(options) }),
        // A query may hold a signed link's token: the span keeps the path only (as the request log does).
        requestHook: (span, request) => {
          if ((request as IncomingMessage).url?.includes('?')) span.setAttribute('url.query', '[redacted]');
        },
      }),
      // Statements keep their placeholders, never the values bound to them.
      new PgInstrumentation({
        requireParentSpan: true,
        enhancedDatabaseReporting: false,
        requestHook: keepStatusCodeOnly,
      }),
      // A command's arguments are keys and values that name patients (the rate limits' keys hold an email and an
      // address): its span names the command only.
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
        requestHook: keepStatusCodeOnly,
      }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
