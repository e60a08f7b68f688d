import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS, type DomainEventType, type QueueName } from '@rxbridge/events';

export interface Tick {
  queue: QueueName;
  schedulerId: string;
  everySeconds: number;
  name: DomainEventType;
}

/**
 * A job `name` added to `queue` every `everySeconds` by a BullMQ job scheduler, which lives in Redis:
 * the queue handle is needed only to declare it. Upserted: every worker replica declares the same
 * scheduler at start, and there is still one tick per interval.
 */
export async function declareTick(redis: Redis, prefix: string, tick: Tick): Promise<void> {
  const queue = new Queue(tick.queue, { connection: redis, prefix });
  // The shared connection keeps reporting its errors to this handle after close(): ignored here,
  // the worker's own queues log them; an error while declaring is thrown by the call below.
  queue.on('error', () => undefined);
  try {
    await queue.upsertJobScheduler(
      tick.schedulerId,
      { every: tick.everySeconds * 1000 },
      {
        name: tick.name,
        data: {},
        opts: { removeOnComplete: DEFAULT_JOB_OPTIONS.removeOnComplete, removeOnFail: { count: 100 } },
      },
    );
  } finally {
    await queue.close();
  }
}
