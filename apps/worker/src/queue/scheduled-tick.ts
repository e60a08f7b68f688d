import type { Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS, type DomainEventType } from '@rxbridge/events';

/**
 * A job `name` added to `queue` every `everySeconds` by a BullMQ job scheduler. Upserted: every
 * worker replica declares the same scheduler at start, and there is still one tick per interval.
 */
export function declareTick(queue: Queue, schedulerId: string, everySeconds: number, name: DomainEventType) {
  return queue.upsertJobScheduler(
    schedulerId,
    { every: everySeconds * 1000 },
    { name, data: {}, opts: { removeOnComplete: DEFAULT_JOB_OPTIONS.removeOnComplete, removeOnFail: { count: 100 } } },
  );
}
