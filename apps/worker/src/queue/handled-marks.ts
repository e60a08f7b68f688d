import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { perTurnLoader } from '@rxbridge/database';
import { markHandled, type QueueName } from '@rxbridge/events';

/** Marks within this long of each other go out as one statement per queue, off the job's path. */
const MARK_WINDOW_MS = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records in the outbox row that a queue's job of the event is done, so only what is still to do is
 * relayed again when Redis lost its jobs (docs/architecture.md §6 When Redis loses its data). A job
 * that failed for good is not: it waits in the failed list for an admin's retry, and if Redis loses
 * it (or it expires there) the worker's next rebuild relays it again. Time-driven and scheduled jobs
 * have no outbox row: the database re-arms those. A mark lost (the worker died first) only means a
 * harmless second delivery.
 */
@Injectable()
export class HandledMarks {
  private readonly logger = new Logger('HandledMarks');
  private readonly marks = perTurnLoader<string, true>(
    async (keys) => {
      const byQueue = new Map<string, string[]>();
      for (const key of keys) {
        const [queue, id] = key.split(' ');
        byQueue.set(queue, [...(byQueue.get(queue) ?? []), id]);
      }
      for (const [queue, ids] of byQueue) await markHandled(this.db.manager, queue, ids);
      return keys.map(() => true as const);
    },
    { windowMs: MARK_WINDOW_MS },
  );

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A job completed; only an outbox event's job (its id is the event id) counts. */
  completed(queue: QueueName, job: Job | undefined): void {
    if (!job?.id || !UUID.test(job.id) || (job.data as { id?: string } | undefined)?.id !== job.id) return;
    this.marks
      .load(`${queue} ${job.id}`)
      .catch((err: unknown) => this.logger.warn({ err, jobId: job.id }, 'could not mark an event handled'));
  }
}
