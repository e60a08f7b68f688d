import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@rxbridge/events';
import { apiClient } from './http';
import { newSignup } from './factories';
import { waitForQueuesIdle } from './idle';
import { createWorker, startStack, type TestStack } from './stack';

// The helper the other specs wait on before checking that nothing (more) happened.
let stack: TestStack;
let worker: Awaited<ReturnType<typeof createWorker>> | undefined;
let redis: Redis;
let email: Queue;

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  email = new Queue(QUEUES.email, { connection: redis, prefix: stack.settings.REDIS_PREFIX });
});
afterAll(async () => {
  await worker?.close();
  await email?.close();
  redis?.disconnect();
  await stack?.close();
});

describe('waitForQueuesIdle', () => {
  it('names the outbox rows nothing has relayed, and resolves once a worker has handled them', async () => {
    const payload = newSignup();
    expect((await apiClient(stack.apiUrl).post('/users/signup', payload)).status).toBe(201);
    await expect(waitForQueuesIdle(stack, 300)).rejects.toThrow(
      /not idle after 300 ms; still pending: outbox: \d+ unpublished \(user\.registered /,
    );

    worker = await createWorker(stack.settings);
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter((m) => m.to.includes(payload.email))).toHaveLength(1);
  });

  it('does not wait for a delayed job that is not due yet (a timer)', async () => {
    const job = await email.add('user.password_changed', {}, { jobId: randomUUID(), delay: 3_600_000 });
    await waitForQueuesIdle(stack, 2_000);
    expect(await job.getState()).toBe('delayed');
    await job.remove();
  });

  it('waits for a failed job BullMQ will retry, however long its backoff, and names it', async () => {
    const job = await email.add('no.such.job', {}, { jobId: randomUUID(), attempts: 2, backoff: 3_600_000 });
    await expect(waitForQueuesIdle(stack, 1_000)).rejects.toThrow(
      new RegExp(`queue email: no\\.such\\.job ${job.id} retrying after 1 failed attempt\\(s\\): No handler for`),
    );
    await job.remove();
    await waitForQueuesIdle(stack);
  });
});
