import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES, type DomainEvent } from '@rxbridge/events';
import type { TestStack } from '../support/stack';

/** A loopback port nothing listens on (yet): an SMTP relay that is down until a test starts one there. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Puts a "password changed" email on the email queue as the outbox relay would, but with one
 * attempt, so an SMTP outage fails it at once instead of retrying with backoff for minutes.
 * `delayMs` parks it as a delayed job instead.
 */
export async function enqueuePasswordChangedEmail(stack: TestStack, userId: string, opts: { delayMs?: number } = {}) {
  const connection = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.email, { connection, prefix: stack.settings.REDIS_PREFIX });
  try {
    const event: DomainEvent<'user.password_changed'> = {
      id: randomUUID(),
      type: 'user.password_changed',
      payload: { userId },
      userId,
      createdAt: new Date().toISOString(),
    };
    await queue.add(event.type, event, { jobId: event.id, attempts: 1, delay: opts.delayMs });
    return event.id;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
