// Queue health for admins (GET /admin/queues...): counts per BullMQ queue and the jobs in one
// state. Jobs are shown by id, name and outcome only: their payloads may reference patients.
import { z } from 'zod';
import { numberFromText } from './fields';
import type { Pagination } from './records';

export const QUEUE_JOB_STATES = ['failed', 'waiting', 'active', 'delayed', 'completed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

export const QUEUE_JOBS_PAGE_SIZE = 20;

/** GET /admin/queues/{name}/jobs?state=&page= */
export const queueJobsQuerySchema = z.object({
  state: z.enum(QUEUE_JOB_STATES, { error: `state must be one of ${QUEUE_JOB_STATES.join(', ')}` }).default('failed'),
  page: numberFromText(
    z
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(10_000, 'page must be at most 10000'),
  ).default(1),
});
export type QueueJobsQuery = z.output<typeof queueJobsQuerySchema>;

export interface QueueCounts {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
  paused: boolean;
}

export interface QueueJobView {
  id: string;
  /** The domain event type the job carries. */
  name: string;
  state: QueueJobState | 'unknown';
  attemptsMade: number;
  /** Attempts allowed before the job stays failed. */
  attempts: number;
  failedReason: string | null;
  /** ISO times: added, last started, finished (completed or failed). */
  createdAt: string | null;
  processedAt: string | null;
  finishedAt: string | null;
}

export interface QueueJobsAnswer {
  queue: string;
  state: QueueJobState;
  jobs: QueueJobView[];
  pagination: Pagination;
}
