import { Queue } from 'bullmq';
import type { ApplicationState } from '@rxbridge/contracts';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { appendToOutbox, OutboxRelay, outboxWakeChannel, QUEUES } from '@rxbridge/events';
import { createWorker, OutboxRelayService, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';
import { eventually } from '../support/wait';
import { driveTo, move, newNavigator, newPatientWithApplications } from '../applications/helpers';

let stack: TestStack;
let db: DataSource;

beforeAll(async () => {
  // No worker yet: events must wait safely in the outbox until one runs.
  stack = await startStack({ withWorker: false });
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

const unpublished = async () =>
  Number((await db.query(`SELECT count(*) AS n FROM outbox WHERE published_at IS NULL`))[0].n);

describe('the transactional outbox', () => {
  it('keeps the event with the change while no worker runs, and delivers it once one starts', async () => {
    const payload = newSignup();
    const res = await apiClient(stack.apiUrl).post('/users/signup', payload);
    expect(res.status).toBe(201);
    const [event] = await db.query(`SELECT type, payload, user_id FROM outbox WHERE user_id = $1`, [
      res.body.data.user.id,
    ]);
    expect(event.type).toBe('user.registered');
    expect(await unpublished()).toBeGreaterThan(0);
    expect(stack.mail.messages()).toHaveLength(0);

    const worker = await createWorker(stack.settings);
    try {
      // The bound covers a worker's cold start (connections, queues, the relay's first sweep) on a busy machine.
      await stack.mail.waitFor((m) => m.to.includes(payload.email), 30_000);
      expect(await unpublished()).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it('writes no event when the change rolls back', async () => {
    const before = Number((await db.query('SELECT count(*) AS n FROM outbox'))[0].n);
    await expect(
      db.transaction(async (manager) => {
        await appendToOutbox(manager, 'user.password_changed', { userId: crypto.randomUUID() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(Number((await db.query('SELECT count(*) AS n FROM outbox'))[0].n)).toBe(before);
  });

  it('wakes the relay once per committed transaction, whatever its number of events, and never for one rolled back', async () => {
    const channel = outboxWakeChannel(stack.settings.REDIS_PREFIX);
    const listener = new Redis(stack.settings.REDIS_URL);
    const publisher = new Redis(stack.settings.REDIS_URL);
    try {
      const heard: string[] = [];
      let onHeard = () => undefined as void;
      listener.on('message', (from: string, message: string) => {
        heard.push(message === 'marker' ? 'marker' : from);
        onHeard();
      });
      await listener.subscribe(channel);
      await expect(
        db.transaction(async (manager) => {
          await appendToOutbox(manager, 'user.password_changed', { userId: crypto.randomUUID() });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const woken = new Promise<void>((resolve) => (onHeard = resolve));
      await db.transaction(async (manager) => {
        for (let i = 0; i < 3; i++) {
          await appendToOutbox(manager, 'user.password_changed', { userId: crypto.randomUUID() });
        }
      });
      await woken;
      // Redis delivers in the order it was published to: had the rolled-back transaction woken the
      // relay, that would be first, and a second wake for the same commit would come before a marker
      // published after it.
      const marked = new Promise<void>((resolve) => (onHeard = resolve));
      await publisher.publish(channel, 'marker');
      await marked;
      expect(heard).toEqual([channel, 'marker']);
    } finally {
      listener.disconnect();
      publisher.disconnect();
    }
  });

  it('wakes the relay at once: one that would poll once an hour relays a new event', async () => {
    const redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
    const relay = new OutboxRelay({
      dataSource: db,
      wakeChannel: outboxWakeChannel(stack.settings.REDIS_PREFIX),
      connection: redis,
      prefix: stack.settings.REDIS_PREFIX,
      pollIntervalMs: 3_600_000,
    });
    try {
      await relay.start();
      await relay.subscribed;
      // Its first pass takes what was waiting; from then on only a wake can bring it back.
      await eventually(async () => (await unpublished()) === 0, 'the first pass');
      await db.transaction((manager) =>
        appendToOutbox(manager, 'user.password_changed', { userId: crypto.randomUUID() }),
      );
      await eventually(async () => (await unpublished()) === 0, 'the event relayed on its wake');
    } finally {
      await relay.stop();
      redis.disconnect();
    }
  });

  it('refuses to write an event outside a transaction', async () => {
    await expect(appendToOutbox(db.manager, 'user.password_changed', { userId: crypto.randomUUID() })).rejects.toThrow(
      /inside a transaction/,
    );
  });

  it('relays an event once even when it is relayed again, and handles it once', async () => {
    const payload = newSignup();
    const worker = await createWorker(stack.settings);
    const emails = new Queue(QUEUES.email, {
      connection: { url: stack.settings.REDIS_URL },
      prefix: stack.settings.REDIS_PREFIX,
    });
    try {
      const res = await apiClient(stack.apiUrl).post('/users/signup', payload);
      await stack.mail.waitFor((m) => m.to.includes(payload.email));
      await waitForQueuesIdle(stack);
      const [{ id }] = await db.query(`SELECT id FROM outbox WHERE user_id = $1 AND type = 'user.registered'`, [
        res.body.data.user.id,
      ]);
      const emailJob = async () => {
        const job = await emails.getJob(id);
        return job && { timestamp: job.timestamp, finishedOn: job.finishedOn, attemptsMade: job.attemptsMade };
      };
      const handled = await emailJob();
      expect(handled?.finishedOn).toBeGreaterThan(0);
      // As if the relay crashed after enqueueing but before marking the row published.
      await db.query(`UPDATE outbox SET published_at = NULL WHERE user_id = $1`, [res.body.data.user.id]);
      const relay = worker.get(OutboxRelayService).relay;
      await relay.drain();
      expect(await unpublished()).toBe(0);
      await waitForQueuesIdle(stack);
      // The queue kept the job it had (addBulk adds nothing for a job id it holds), and the email went once.
      expect(await emailJob()).toEqual(handled);
      expect(stack.mail.messages().filter((m) => m.to.includes(payload.email))).toHaveLength(1);
    } finally {
      await emails.close();
      await worker.close();
    }
  });

  /**
   * A submitted application whose next moves' emails were held back `hours` (SMTP down, no worker), then a worker
   * that starts: the texts of the patient's emails it sends, once its queues are idle.
   */
  async function emailsHeldBack(
    moves: (ApplicationState | [ApplicationState, Record<string, unknown>] | { program: string })[],
    hours = 2,
  ) {
    const api = apiClient(stack.apiUrl);
    let worker = await createWorker(stack.settings);
    const nav = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    await db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
    const [app] = patient.applications;
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    await waitForQueuesIdle(stack);
    await worker.close();
    for (const m of moves) {
      if (typeof m === 'object' && !Array.isArray(m)) {
        // A navigator's choice of program: a note on the timeline, the state kept.
        expect(
          (await api.put(`/admin/applications/${app.id}/program`, { programId: m.program }, nav.token)).status,
        ).toBe(200);
        continue;
      }
      const [state, extra] = typeof m === 'string' ? [m, {}] : m;
      expect((await move(api, nav.token, app.id, state, extra)).status).toBe(200);
    }
    await db.query(
      `UPDATE outbox SET created_at = created_at - make_interval(hours => $2) WHERE published_at IS NULL AND user_id = $1`,
      [patient.id, hours],
    );
    const before = stack.mail.messages().length;
    worker = await createWorker(stack.settings);
    try {
      await waitForQueuesIdle(stack);
      return stack.mail
        .messages()
        .slice(before)
        .filter((m) => m.to.includes(patient.email))
        .map((m) => m.text);
    } finally {
      await worker.close();
    }
  }

  it('mails no status news held back over an hour when the application has moved on since: the current news goes', async () => {
    // The first no longer says where the application is; the second does.
    expect(await emailsHeldBack(['INFO_REQUESTED', 'SUBMITTED'])).toEqual([
      expect.stringMatching(/information it asked for/),
    ]);
    // A shipment, its refill and the next shipment: only the next shipment's date and supply are news.
    expect(
      await emailsHeldBack([
        'APPROVED',
        'SHIPMENT_SCHEDULED',
        'DELIVERED',
        'REFILL_DUE',
        ['SHIPMENT_SCHEDULED', { daysOfSupply: 30 }],
      ]),
    ).toEqual([expect.stringMatching(/with a 30-day supply/)]);
  });

  it("tells a refill's run-out date from the shipment running low when it moved, not the next one scheduled since", async () => {
    // Held back less than an hour: both go, the refill's speaking of the 90-day supply that runs out.
    const sent = await emailsHeldBack(
      ['APPROVED', 'SHIPMENT_SCHEDULED', 'DELIVERED', 'REFILL_DUE', ['SHIPMENT_SCHEDULED', { daysOfSupply: 30 }]],
      0,
    );
    const ninety = new Date(Date.now() + 90 * 86_400_000);
    const refill = sent.find((text) => /runs out around/.test(text));
    expect(refill).toContain(
      ninety.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }),
    );
  });

  it('still mails held-back news that nothing since has told, and none of an application cancelled since', async () => {
    // Closed mails nothing: were the denial dropped, the patient would never hear of it.
    expect(await emailsHeldBack(['DENIED', 'CLOSED'])).toEqual([
      expect.stringMatching(/has declined your application/),
    ]);
    // Another program chosen after the denial is a note on the timeline, not a move: the denial still goes.
    expect(await emailsHeldBack(['DENIED', { program: 'lilly-cares' }])).toEqual(
      expect.arrayContaining([expect.stringMatching(/has declined your application/)]),
    );
    // Renewal due tells of the enrollment's end, not of the shipment: both go.
    const renewal = await emailsHeldBack(['APPROVED', 'SHIPMENT_SCHEDULED', 'RENEWAL_DUE']);
    expect(renewal).toHaveLength(2);
    expect(renewal).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/is scheduled for .*with a 90-day supply/),
        expect.stringMatching(/enrollment in the .* assistance program ends on/),
      ]),
    );
    // Approved, then cancelled (the prescription removed): no news of an approval that no longer holds.
    expect(await emailsHeldBack(['APPROVED', 'CANCELLED'])).toEqual([]);
  });
});
