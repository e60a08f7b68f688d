import { performance } from 'node:perf_hooks';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { appendToOutbox, QUEUES } from '@rxbridge/events';
import { queueConcurrency } from '@rxbridge/platform';
import type { TestStack } from '../test/support/stack';
import { fmt, median, type Row } from './table';

export const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const PER_TRANSACTION = 50;

/**
 * How the events are written. `backlog` (the target's figure, "commit -> handled"): all of them in
 * one transaction, the clock started at its commit, so the figure is what the outbox, the queue and
 * the worker carry. `trickle`: 50 per transaction, one insert after another, the clock started
 * before the first, so the figure also counts the bench writing them, one round trip per event; it
 * is how the events row was measured before it measured from the commit (README.md "Benchmarks").
 */
export type EventsWritten = 'backlog' | 'trickle';

/**
 * EVENTS `user.eligibility_changed` events, written to handled: each re-screens its patient (reads
 * their cases and pushes each open one to their sockets), the applications queue's lightest handler
 * that reads and pushes.
 */
export async function measureEvents(
  stack: TestStack,
  db: DataSource,
  applications: { applicationId: string; userId: string }[],
  written: EventsWritten,
): Promise<number> {
  const redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  const queueEvents = new QueueEvents(QUEUES.applications, {
    connection: redis,
    prefix: stack.settings.REDIS_PREFIX,
  });
  await queueEvents.waitUntilReady();
  const pending = new Set<string>();
  let last = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  queueEvents.on('completed', ({ jobId }) => {
    if (pending.delete(jobId)) last = performance.now();
    if (committed && pending.size === 0) finish();
  });
  queueEvents.on('failed', ({ jobId, failedReason }) => {
    if (pending.has(jobId)) console.error(`event ${jobId} failed: ${failedReason}`);
  });
  let committed = false;
  let started = performance.now();
  const perTransaction = written === 'backlog' ? EVENTS : PER_TRANSACTION;
  for (let i = 0; i < EVENTS; i += perTransaction) {
    await db.transaction(async (manager) => {
      for (let k = i; k < Math.min(EVENTS, i + perTransaction); k++) {
        const a = applications[k % applications.length];
        pending.add(await appendToOutbox(manager, 'user.eligibility_changed', { userId: a.userId }, a.userId));
      }
      // The transaction commits as this returns.
      if (written === 'backlog') started = performance.now();
    });
  }
  committed = true;
  if (pending.size === 0) finish();
  let timer!: NodeJS.Timeout;
  await Promise.race([
    finished,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${pending.size} events not handled after 120 s`)), 120_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await queueEvents.close();
  redis.disconnect();
  return (EVENTS / (last - started)) * 1000;
}

/**
 * Baseline: the same number of jobs through a bare BullMQ queue and a no-op worker, running as many
 * at once as the worker's applications queue, which handles the events.
 */
export async function measureBareQueue(stack: TestStack): Promise<number> {
  const connection = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  const prefix = `${stack.settings.REDIS_PREFIX}:bench`;
  const name = `bare-${Date.now()}`;
  const queue = new Queue(name, { connection, prefix });
  let done = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const workerConnection = connection.duplicate();
  const worker = new Worker(name, async () => undefined, {
    connection: workerConnection,
    prefix,
    concurrency: queueConcurrency(stack.settings, QUEUES.applications),
  });
  worker.on('completed', () => ++done === EVENTS && finish());
  await worker.waitUntilReady();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: EVENTS }, (_, i) => queue.add('job', { i }, { jobId: `job-${i}`, removeOnComplete: true })),
  );
  await finished;
  const took = performance.now() - started;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  workerConnection.disconnect();
  return (EVENTS / took) * 1000;
}

export function eventRows(runs: { outbox: number[]; trickle: number[]; bare: number[] }): Row[] {
  const outbox = median(runs.outbox);
  const trickle = median(runs.trickle);
  const bare = median(runs.bare);
  return [
    {
      measure: `${fmt(EVENTS)} domain events, commit -> handled (outbox, queue, worker)`,
      value: `${fmt(outbox)} events/s`,
      baseline: 'bare BullMQ queue, no-op worker',
      baselineValue: `${fmt(bare)} jobs/s`,
      ratio: outbox / bare,
      target: '>= 70% of baseline',
      met: outbox / bare >= 0.7,
    },
    {
      measure: `${fmt(EVENTS)} domain events written ${PER_TRANSACTION} a transaction, one insert after another -> handled`,
      value: `${fmt(trickle)} events/s`,
      baseline: 'bare BullMQ queue, no-op worker',
      baselineValue: `${fmt(bare)} jobs/s`,
      ratio: trickle / bare,
      target: '(none: beside the row above)',
      met: null,
    },
  ];
}
