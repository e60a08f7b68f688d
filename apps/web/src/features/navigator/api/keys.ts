import type { AuditLogFilter } from './get-audit-log';
import type { QueueJobsFilter } from './get-queue-jobs';
import type { WorkQueueFilter } from './get-work-queue';

// Keys nest: invalidating a prefix refetches every query under it.
const all = ['navigator'] as const;
const workQueue = [...all, 'applications'] as const;
const queueHealth = [...all, 'queues'] as const;
const audit = [...all, 'audit'] as const;
const supportMessages = [...all, 'support-messages'] as const;

/**
 * Every navigator query key. Queries, invalidations and the socket hook all take their keys from
 * here, so a refetch can never miss the query it means.
 */
export const navigatorKeys = {
  /** Every navigator query: a live update or a move refetches what it touches. */
  all,
  workQueue,
  workQueuePage: (f: WorkQueueFilter) =>
    [...workQueue, { state: f.state ?? null, search: f.search ?? '', page: f.page }] as const,
  patient: (patientId: string) => [...all, 'patient', patientId] as const,
  queueHealth,
  queueJobs: (f: QueueJobsFilter) => [...queueHealth, 'jobs', f] as const,
  /** Under `all`: a move anywhere refreshes the charts. */
  insights: [...all, 'insights'] as const,
  audit,
  /** The messages to support awaiting a reply: marking one answered refetches every page. */
  supportMessages,
  supportMessagesPage: (page: number) => [...supportMessages, { page }] as const,
  auditPage: (f: AuditLogFilter) =>
    [...audit, { staffId: f.staffId ?? null, patientId: f.patientId ?? null, page: f.page }] as const,
};
