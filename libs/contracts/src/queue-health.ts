// Queue health for admins (GET /admin/queues...): counts per BullMQ queue and the jobs in one
// state. Jobs are shown by id, name and outcome only: their payloads may reference patients.
import { z } from 'zod';
import { isoTime, pagingNumber } from './fields';
import { paginationSchema } from './records';

export const QUEUE_JOB_STATES = ['failed', 'waiting', 'active', 'delayed', 'completed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

export const QUEUE_JOBS_PAGE_SIZE = 20;

/** GET /admin/queues/{name}/jobs?state=&page= */
export const queueJobsQuerySchema = z.object({
  state: z.enum(QUEUE_JOB_STATES, { error: `state must be one of ${QUEUE_JOB_STATES.join(', ')}` }).default('failed'),
  page: pagingNumber('page', 10_000).default(1),
});
export type QueueJobsQuery = z.output<typeof queueJobsQuerySchema>;

export const queueCountsSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  paused: z.boolean(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const queueJobViewSchema = z.object({
  id: z.string(),
  /** The domain event type the job carries. */
  name: z.string(),
  state: z.enum([...QUEUE_JOB_STATES, 'unknown']),
  attemptsMade: z.number().int(),
  /** Attempts allowed before the job stays failed. */
  attempts: z.number().int(),
  failedReason: z.string().nullable(),
  /** ISO times: added, last started, finished (completed or failed). */
  createdAt: isoTime.nullable(),
  processedAt: isoTime.nullable(),
  finishedAt: isoTime.nullable(),
});
export type QueueJobView = z.infer<typeof queueJobViewSchema>;

export const queueJobsAnswerSchema = z.object({
  queue: z.string(),
  state: z.enum(QUEUE_JOB_STATES),
  jobs: z.array(queueJobViewSchema),
  pagination: paginationSchema,
});
export type QueueJobsAnswer = z.infer<typeof queueJobsAnswerSchema>;
