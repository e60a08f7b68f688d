import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES, type DomainEvent } from '@rxbridge/events';
import { DataSource } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import type { TestStack } from '../support/stack';
import { driveTo, move, newPatientWithApplications, type Api } from '../applications/helpers';

/**
 * An SMTP relay that is down: every connection is answered 421 (service not available) and closed, as
 * a relay down for maintenance answers. It holds its port meanwhile: a port left free for the relay's
 * return could be taken by another test's server (or be a connection's own source port), and email
 * jobs would then hang instead of failing. `close()` frees the port for the relay that comes back;
 * `port` takes it again once that relay is gone.
 */
export async function startDownSmtp(port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket.once('close', () => sockets.delete(socket)));
    socket.on('error', () => undefined);
    socket.end('421 4.3.2 Service not available, closing transmission channel\r\n');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
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

/**
 * Moves an application's timeline into the past: every entry `days` back, then the entries from its
 * first `from` state on `forward` days later again. So its first SUBMITTED and the decision after it
 * end up a known number of days apart (plus the milliseconds the moves really took).
 */
export async function backdateTimeline(
  stack: TestStack,
  applicationId: string,
  days: number,
  from: ApplicationState,
  forward: number,
) {
  const db = stack.api.get(DataSource);
  await db.query(
    `UPDATE application_transitions SET created_at = created_at - make_interval(days => $2) WHERE application_id = $1`,
    [applicationId, days],
  );
  await db.query(
    `UPDATE application_transitions SET created_at = created_at + make_interval(days => $3)
      WHERE application_id = $1
        AND created_at >= (SELECT min(created_at) FROM application_transitions WHERE application_id = $1 AND to_state = $2)`,
    [applicationId, from, forward],
  );
}

/**
 * The insights' fixture (docs/product.md §8): four applications, three decided 2, 5 and 3 days
 * after their first submission (median 3). Lilly Cares: one approved, one first denied (then
 * resubmitted and approved); AZ&Me: one denied; the fourth stays in INTAKE. Today: 2 approved,
 * 1 denied, 1 intake; four days ago: 2 approved, 1 submitted.
 */
export async function seedDecisions(stack: TestStack, api: Api, navigatorToken: string) {
  // Medications no catalogue program covers, so only the navigator's choice sets a program.
  const patient = await newPatientWithApplications(api, ['Zorvatin A', 'Zorvatin B', 'Zorvatin C', 'Zorvatin D']);
  const [approved, deniedThenApproved, denied] = patient.applications.map((a) => a.id);
  for (const [id, programId] of [
    [approved, 'lilly-cares'],
    [deniedThenApproved, 'lilly-cares'],
    [denied, 'az-and-me'],
  ]) {
    const res = await api.put(`/admin/applications/${id}/program`, { programId }, navigatorToken);
    if (res.status !== 200) throw new Error(`program override answered ${res.status}: ${res.body.message}`);
  }
  await driveTo(api, navigatorToken, approved, 'APPROVED');
  await driveTo(api, navigatorToken, deniedThenApproved, 'DENIED');
  for (const state of ['SUBMITTED', 'APPROVED'] as const) {
    const res = await move(api, navigatorToken, deniedThenApproved, state);
    if (res.status !== 200) throw new Error(`move to ${state} answered ${res.status}: ${res.body.message}`);
  }
  await driveTo(api, navigatorToken, denied, 'DENIED');
  await backdateTimeline(stack, approved, 10, 'APPROVED', 2);
  await backdateTimeline(stack, deniedThenApproved, 20, 'DENIED', 5);
  await backdateTimeline(stack, denied, 6, 'DENIED', 3);
}
