import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES } from '@rxbridge/events';
import { RetentionPrune, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';

let stack: TestStack;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack();
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

const queueOf = (name: string) =>
  new Queue(name, { connection: { url: stack.settings.REDIS_URL }, prefix: stack.settings.REDIS_PREFIX });

it('a job redelivered after its email went out, twice at once, sends no second email', async () => {
  const signup = newSignup();
  const res = await apiClient(stack.apiUrl).post('/users/signup', signup);
  expect(res.status).toBe(201);
  const userId = res.body.data.user.id as string;
  await stack.mail.waitFor((m) => m.to.includes(signup.email));
  await waitForQueuesIdle(stack);
  const sent = () => stack.mail.messages().filter((m) => m.to.includes(signup.email));
  expect(sent()).toHaveLength(1);

  // The same event delivered again, as after a worker died before acknowledging the job.
  const [row] = await db.query(
    `SELECT id, type, payload, user_id, created_at FROM outbox WHERE type = 'user.registered' AND user_id = $1`,
    [userId],
  );
  const event = {
    id: row.id,
    type: row.type,
    payload: row.payload,
    userId: row.user_id,
    createdAt: row.created_at.toISOString(),
  };
  const queue = queueOf(QUEUES.email);
  try {
    await Promise.all([
      queue.add(event.type, event, { jobId: `${event.id}-again-1` }),
      queue.add(event.type, event, { jobId: `${event.id}-again-2` }),
    ]);
    await waitForQueuesIdle(stack);
    const handled = await Promise.all([queue.getJob(`${event.id}-again-1`), queue.getJob(`${event.id}-again-2`)]);
    expect(await Promise.all(handled.map((job) => job!.getState()))).toEqual(['completed', 'completed']);
  } finally {
    await queue.close();
  }
  expect(sent()).toHaveLength(1);
});

describe('retention', () => {
  it('is a job scheduler on the timers queue', async () => {
    const queue = queueOf(QUEUES.timers);
    try {
      expect(await queue.getJobSchedulers()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            key: 'retention-prune',
            name: 'maintenance.prune_due',
            every: stack.settings.RETENTION_SWEEP_SECONDS * 1000,
          }),
        ]),
      );
    } finally {
      await queue.close();
    }
  });

  it('prunes published outbox rows, effects, Stripe events, expired refresh tokens and session activity past retention, support messages past 3 years, never audit rows', async () => {
    const signup = newSignup();
    const res = await apiClient(stack.apiUrl).post('/users/signup', signup);
    const userId = res.body.data.user.id as string;
    await waitForQueuesIdle(stack);
    const old = `now() - interval '31 days'`;
    const ids = {
      oldOutbox: randomUUID(),
      recentlyPublished: randomUUID(),
      oldToken: randomUUID(),
      liveToken: randomUUID(),
    };
    await db.query(
      `INSERT INTO outbox (id, type, payload, user_id, created_at, published_at) VALUES
        ($1, 'subscription.changed', '{}', $3, ${old}, ${old}), ($2, 'subscription.changed', '{}', $3, ${old}, now())`,
      [ids.oldOutbox, ids.recentlyPublished, userId],
    );
    await db.query(`INSERT INTO processed_effects (key, created_at) VALUES ('test:old', ${old}), ('test:new', now())`);
    await db.query(
      `INSERT INTO stripe_events (id, type, received_at) VALUES ('evt_old', 'x', ${old}), ('evt_new', 'x', now())`,
    );
    await db.query(
      `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES
        ($1, $3, gen_random_uuid(), $4, ${old}), ($2, $3, gen_random_uuid(), $5, now() + interval '1 day')`,
      [ids.oldToken, ids.liveToken, userId, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
    );
    await db.query(`INSERT INTO audit_log (id, action, created_at) VALUES (gen_random_uuid(), 'test.old', ${old})`);
    const recentSession = randomUUID();
    await db.query(
      `INSERT INTO session_activity (session_id, last_active_at) VALUES (gen_random_uuid(), ${old}), ($1, now())`,
      [recentSession],
    );

    // A message to support is kept the Privacy page's 3 years for communications, a day past the bookkeeping's 30.
    const messages = await db.query(
      `INSERT INTO support_messages (user_id, subject, message, created_at) VALUES
        ($1, 'Over three years ago', 'x', now() - interval '3 years 1 day'), ($1, 'A month ago', 'x', ${old})
       RETURNING id`,
      [userId],
    );

    const removed = await stack.worker!.get(RetentionPrune).run();
    expect(removed).toEqual({
      outbox: 1,
      processed_effects: 1,
      stripe_events: 1,
      refresh_tokens: 1,
      session_activity: 1,
      support_messages: 1,
    });

    const exists = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length > 0;
    expect(await exists(`SELECT 1 FROM outbox WHERE id = $1`, [ids.oldOutbox])).toBe(false);
    expect(await exists(`SELECT 1 FROM outbox WHERE id = $1`, [ids.recentlyPublished])).toBe(true);
    expect(await exists(`SELECT 1 FROM processed_effects WHERE key = $1`, ['test:new'])).toBe(true);
    expect(await exists(`SELECT 1 FROM stripe_events WHERE id = $1`, ['evt_new'])).toBe(true);
    expect(await exists(`SELECT 1 FROM refresh_tokens WHERE id = $1`, [ids.liveToken])).toBe(true);
    expect(await exists(`SELECT 1 FROM audit_log WHERE action = $1`, ['test.old'])).toBe(true);
    expect(await exists(`SELECT 1 FROM session_activity WHERE session_id = $1`, [recentSession])).toBe(true);
    expect(await exists(`SELECT 1 FROM support_messages WHERE id = $1`, [messages[0].id])).toBe(false);
    expect(await exists(`SELECT 1 FROM support_messages WHERE id = $1`, [messages[1].id])).toBe(true);
  });
});
