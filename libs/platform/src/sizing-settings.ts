import { z } from 'zod';
import { int } from './setting-fields';
import type { Settings } from './settings';

// --- Sizes and shutdown (docs/architecture.md §1 Processes, §11 Scaling out) -----------------------
// Each size was a constant; its default is that constant, so an unset environment runs as before.

/** The BullMQ queues a QUEUE_CONCURRENCY_<QUEUE> setting may name (libs/events QUEUES; a spec keeps them equal). */
export const QUEUE_CONCURRENCY_QUEUES = ['email', 'applications', 'billing', 'timers'] as const;
type ConcurrencyQueue = (typeof QUEUE_CONCURRENCY_QUEUES)[number];
const queueConcurrencyKey = (queue: string) => `QUEUE_CONCURRENCY_${queue.toUpperCase()}`;

export const SIZING_SETTINGS = {
  /** PostgreSQL connections of one process's pool (the API's, the worker's). */
  DATABASE_POOL_SIZE: int(1, 1000).default(10),
  /**
   * How long a query waits for a pooled connection (or a new one to open) before failing: a wedged pool
   * answers 503 instead of hanging every request (docs/architecture.md §11).
   */
  DATABASE_POOL_ACQUIRE_TIMEOUT_MS: int(100, 600_000).default(10_000),
  /** PostgreSQL cancels a statement running longer than this; 0: no limit (migrations never have one). */
  DATABASE_STATEMENT_TIMEOUT_MS: int(0, 3_600_000).default(0),
  /** Jobs one worker process runs at once on each queue, unless QUEUE_CONCURRENCY_<QUEUE> says otherwise. */
  QUEUE_CONCURRENCY: int(1, 1000).default(5),
  ...(Object.fromEntries(QUEUE_CONCURRENCY_QUEUES.map((q) => [queueConcurrencyKey(q), int(1, 1000).optional()])) as {
    [Q in ConcurrencyQueue as `QUEUE_CONCURRENCY_${Uppercase<Q>}`]: z.ZodOptional<ReturnType<typeof int>>;
  }),
  /** After SIGTERM: how long requests in flight (API) or running jobs (worker) may take before the process stops. */
  SHUTDOWN_GRACE_SECONDS: int(0, 3600).default(25),
  /** Socket.IO between API processes: Redis pub/sub (classic) or sharded pub/sub (Redis 7+, Redis Cluster). */
  SOCKET_ADAPTER: z.enum(['classic', 'sharded'], { error: 'must be classic or sharded' }).default('classic'),
};

/**
 * Queues whose jobs mostly wait on PostgreSQL and Redis run more at once by default: a re-screening
 * is a read and a push, and at 5 at a time a backlog of them went at a third of a bare queue's rate
 * (docs/architecture.md §15 Performance).
 */
const QUEUE_CONCURRENCY_DEFAULTS: Partial<Record<ConcurrencyQueue, number>> = { applications: 20 };

/** How many jobs of `queue` one worker process runs at once: its own setting, else its default, else QUEUE_CONCURRENCY. */
export function queueConcurrency(s: Settings, queue: string): number {
  const own = (s as unknown as Record<string, number | undefined>)[queueConcurrencyKey(queue)];
  return own ?? QUEUE_CONCURRENCY_DEFAULTS[queue as ConcurrencyQueue] ?? s.QUEUE_CONCURRENCY;
}

/** A QUEUE_CONCURRENCY_<NAME> that names no queue is a typo that would be silently ignored: refuse it. */
export function unknownQueueSettings(env: Record<string, unknown>): string[] {
  const known = new Set(QUEUE_CONCURRENCY_QUEUES.map(queueConcurrencyKey));
  return Object.keys(env)
    .filter((k) => k.startsWith('QUEUE_CONCURRENCY_') && !known.has(k))
    .map((k) => `${k}: names no queue; use one of ${[...known].join(', ')}`);
}
// --- end of sizes and shutdown ---------------------------------------------------------------------
