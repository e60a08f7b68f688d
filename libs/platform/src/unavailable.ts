/** Network error codes of a dependency that is down or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** PostgreSQL: shutting down, starting up, or the connection failed (classes 08 and 57P). */
const POSTGRES_CODES = /^(08\d{3}|57P0[1-4])$/;
/**
 * ioredis, when Redis is down (no offline queue), frozen (command timeout) or the connection closed;
 * a Redis Cluster client, when no node answers or the slots are not known yet.
 */
const REDIS_MESSAGES =
  /Stream isn't writeable|Connection is closed|Command timed out|Reached the max retries per request|Cluster isn't ready|Failed to refresh slots cache|None of startup nodes is available/;
/** node-postgres and TypeORM, when the database went away under a query. */
const POSTGRES_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|terminating connection/;

/**
 * Whether an error means PostgreSQL or Redis is unavailable, not that the request or the code is
 * wrong: the API answers 503 (try again) rather than 500 (docs/architecture.md §6 Outages).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && (REDIS_MESSAGES.test(message) || POSTGRES_MESSAGES.test(message))) return true;
    // TypeORM wraps the driver's error.
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL: a serialization failure or a deadlock (class 40), its transaction rolled back. */
const TRANSACTION_CONFLICT_CODES = new Set(['40001', '40P01']);

/**
 * Whether PostgreSQL rolled a transaction back because it collided with another one (a deadlock, a
 * serialization failure): nothing was written and the same request may well pass if sent again, so the
 * API answers 503 with a short Retry-After rather than 500 (docs/architecture.md §6 Outages).
 */
export function isTransactionConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && TRANSACTION_CONFLICT_CODES.has(code)) return true;
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
