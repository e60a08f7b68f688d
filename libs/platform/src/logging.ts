import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Settings } from './settings';
import { mergeTraceFields, traceFields } from './trace-context';

/**
 * The processes' pino options: the level, and the error serializer below for every `err`. Request
 * log lines (the API's common/request-log.ts) carry method, path (no query: it may hold tokens),
 * status, time and request id; never bodies or headers, so no password, token or health detail is
 * written (docs/architecture.md §13). With tracing on, each line carries the active span's trace_id
 * and span_id (docs/architecture.md §13 Tracing).
 */
function loggerOptions(settings: Pick<Settings, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: settings.LOG_LEVEL,
    serializers: { err: serializeError, error: serializeError },
    redact: ['req.headers', 'res.headers'],
    mixin: traceFields,
    mixinMergeStrategy: mergeTraceFields,
  };
}

/** One logger per process: Nest's log lines and the API's request lines go through the same one. */
export function createLogger(settings: Pick<Settings, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(settings), destination) : pino(loggerOptions(settings));
}

/** A well-formed request id the caller (a proxy) sent is kept, so its logs and ours line up; else a new one. */
export function requestIdFor(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
}

/** What an error may show in a log: its kind, codes and a message without a patient's values (`scrub`). */
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  status?: number;
  stack?: string;
  cause?: SafeError;
}

/** A quoted value in a driver's message ('invalid input syntax for type date: "..."'), and `key=(value)` details. */
const QUOTED = /"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g;
/** An email address (a recipient in an SMTP refusal, a fax gateway address). */
const EMAIL_ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g;
/** A run of 7 or more digits, possibly spaced or dashed: a phone or fax number, a date of birth. */
const NUMBER_RUN = /(?<![\w.-])\+?\d(?:[\d ()/-]{5,}\d)(?![\w-])/g;
/** An error's words without a patient's values: quoted values, email addresses and phone-like numbers removed. */
const scrub = (text: string) =>
  text.replace(QUOTED, '[redacted]').replace(EMAIL_ADDRESS, '[email]').replace(NUMBER_RUN, '[number]');

/**
 * The log serializer of every error (docs/architecture.md §13): a whitelist, so a TypeORM
 * QueryFailedError's `parameters` and `query`, its `driverError` and `detail`, an HTTP client's body
 * or config, never reach the log: they can hold a patient's values. Quoted values, email addresses (an
 * SMTP refusal names its recipient unquoted) and phone-like numbers in the message and the stack's first
 * line are removed too.
 */
export function serializeError(input: unknown, depth = 0): SafeError | unknown {
  // A serializer may be handed pino's own serialization of the error, with the original as `raw`.
  const raw = (input as { raw?: unknown } | null)?.raw;
  const err = isErrorLike(raw) ? raw : input;
  if (!isErrorLike(err)) {
    return typeof err === 'object' && err !== null ? { type: 'non-error', message: '[redacted]' } : err;
  }
  const e = err as Error & { code?: unknown; status?: unknown; statusCode?: unknown; cause?: unknown };
  const message = scrub(e.message ?? '');
  const safe: SafeError = { type: e.constructor?.name ?? e.name ?? 'Error', message };
  if (typeof e.code === 'string' || typeof e.code === 'number') safe.code = String(e.code);
  const driverCode = (e as { driverError?: { code?: unknown } }).driverError?.code;
  if (!safe.code && typeof driverCode === 'string') safe.code = driverCode;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  if (status !== undefined) safe.status = status;
  if (e.stack) {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    safe.stack = [`${safe.type}: ${message}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < 3) safe.cause = serializeError(e.cause, depth + 1) as SafeError;
  return safe;
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as Error).message === 'string' &&
      typeof (value as Error).stack === 'string')
  );
}

/**
 * A job's failure as admins may read it (the queue-health screen and Bull Board, docs/architecture.md
 * §13): quoted values, email addresses and phone-like numbers removed, kinds and ids kept.
 */
export function redactJobError(text: string): string {
  return scrub(text);
}
