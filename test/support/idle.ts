import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource, IsNull } from 'typeorm';
import { OutboxEvent } from '@rxbridge/database';
import { QUEUES } from '@rxbridge/events';
import type { TestStack } from './stack';

/** Between two looks at the stack: short, so a job that enqueues another is seen on the next look. */
const POLL_MS = 50;
const NOT_FINISHED = ['wait', 'active', 'prioritized', 'waiting-children'] as const;

/**
 * Resolves once the stack has nothing left to do for what the test did, seen idle on two looks in
 * a row (POLL_MS apart), so that a job which enqueues another, or commits an event that the relay
 * then enqueues, is caught. Idle means:
 *
 * - the local Stripe has no webhook delivery in flight or waiting for a retry (a webhook writes
 *   events; held deliveries of a paused endpoint are the test's to release and do not count);
 * - no outbox row is unpublished (`published_at` is null until the relay has put the event on
 *   every queue of its route, see libs/events/src/outbox-relay.ts);
 * - no BullMQ queue of libs/events (QUEUES) has a job waiting, paused, active, prioritized or
 *   waiting for children, nor a delayed job that is a retry (a failed handler BullMQ will run
 *   again, however long its backoff) or a delayed job already due.
 *
 * A delayed job due later does not count: refill and renewal timers and the sweeps' next ticks
 * are the calendar, not work in progress, and would otherwise keep every stack busy for months.
 * A test that wants one to fire waits for what it does.
 *
 * Needs a worker on the stack's settings (stack.worker or one the test started); fails after
 * `timeoutMs` naming what is still pending.
 */
export async function waitForQueuesIdle(stack: TestStack, timeoutMs = 10_000): Promise<void> {
  const connection = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: 1 });
  const queues = Object.values(QUEUES).map(
    (name) => new Queue(name, { connection, prefix: stack.settings.REDIS_PREFIX }),
  );
  const db = stack.api.get(DataSource);
  const end = Date.now() + timeoutMs;
  try {
    for (let idleLooks = 0; ;) {
      const pending = await pendingWork(stack, db, queues);
      idleLooks = pending.length === 0 ? idleLooks + 1 : 0;
      if (idleLooks === 2) return;
      if (pending.length > 0 && Date.now() > end) {
        throw new Error(`the stack was not idle after ${timeoutMs} ms; still pending: ${pending.join('; ')}`);
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    connection.disconnect();
  }
}

/**
 * What is still under way, one line per place, or nothing. Looked at in the order work flows
 * (webhook, outbox, queues), so that what moves on during one look shows up further down it.
 */
async function pendingWork(stack: TestStack, db: DataSource, queues: Queue[]): Promise<string[]> {
  const pending: string[] = [];

  const res = await fetch(`${stack.stripe.url}/_local/webhooks`);
  const { sending } = (await res.json()) as { sending: number };
  if (sending > 0) {
    pending.push(`Stripe webhooks: ${sending} delivery(ies) in flight or waiting for a retry`);
  }

  const unpublished = await db.getRepository(OutboxEvent).find({
    select: { id: true, type: true },
    where: { publishedAt: IsNull() },
    order: { createdAt: 'ASC' },
  });
  if (unpublished.length > 0) {
    pending.push(
      `outbox: ${unpublished.length} unpublished (${describe(unpublished.map((e) => `${e.type} ${e.id}`))})`,
    );
  }

  for (const queue of queues) {
    // A job may finish between listing and loading: getJobs leaves a hole for it.
    const jobs = ((await queue.getJobs([...NOT_FINISHED])) as (Job | undefined)[]).filter((j): j is Job => !!j);
    const now = Date.now();
    for (const job of (await queue.getDelayed()) as (Job | undefined)[]) {
      if (!job) continue;
      if (job.attemptsMade > 0 || job.timestamp + job.delay <= now) jobs.push(job);
    }
    if (jobs.length > 0) {
      const lines = await Promise.all(jobs.map(async (job) => `${job.name} ${job.id} ${await stateOf(job)}`));
      pending.push(`queue ${queue.name}: ${describe(lines)}`);
    }
  }
  return pending;
}

async function stateOf(job: Job): Promise<string> {
  const state = await job.getState();
  if (state !== 'delayed') return state;
  return job.attemptsMade > 0
    ? `retrying after ${job.attemptsMade} failed attempt(s): ${job.failedReason}`
    : 'delayed and due';
}

const describe = (items: string[]) => (items.length > 5 ? [...items.slice(0, 5), '...'] : items).join(', ');
