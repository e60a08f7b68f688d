import { pipelinedTransaction } from '@rxbridge/database';
import { appendToOutbox, claimOutboxBatch, markHandled, markOutboxPublished } from '@rxbridge/events';
import { migratedDatabase } from '../support/repository-db';
import { eventually } from '../support/wait';

// A job may finish before the relay's pass that added it has committed (docs/architecture.md §6 When
// Redis loses its data): its handled mark must land on what that commit writes, not be lost.
const db = migratedDatabase();

const unhandledQueues = async (id: string): Promise<string[] | null> =>
  (await db.ds.query(`SELECT unhandled_queues AS q FROM outbox WHERE id = $1`, [id]))[0].q;

/** Whether an update of the outbox waits on a lock (the mark, on the relay's). */
const waitingOnLock = async () =>
  Number(
    (
      await db.ds.query(
        `SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE outbox%'`,
      )
    )[0].n,
  ) > 0;

it('keeps the mark of a job handled before the relay committed its pass', async () => {
  const id = await db.ds.transaction((manager) =>
    appendToOutbox(manager, 'user.password_changed', { userId: crypto.randomUUID() }),
  );

  let mark: Promise<unknown> = Promise.resolve();
  await pipelinedTransaction(db.ds, async (tx) => {
    const claimed = await claimOutboxBatch(tx, 10);
    expect(claimed.map((r) => r.id)).toEqual([id]);
    // The pass's job was added, ran and completed: its mark goes while the relay still holds the row.
    let done = false;
    mark = markHandled(db.ds.manager, 'email', [id]).then(() => (done = true));
    await eventually(async () => done || (await waitingOnLock()), 'the mark done, or waiting on the relay');
    markOutboxPublished(tx, [id], [], ['email']);
  });
  await mark;

  expect(await unhandledQueues(id)).toEqual([]);
});

it('keeps the mark of a job handled while its relay pass failed, for the pass that relays it again', async () => {
  const id = await db.ds.transaction((manager) =>
    appendToOutbox(manager, 'user.password_changed', { userId: crypto.randomUUID() }),
  );

  // The pass added the job to one queue, which ran it, and failed on another (Redis errors): it rolls back.
  let mark: Promise<unknown> = Promise.resolve();
  await expect(
    pipelinedTransaction(db.ds, async (tx) => {
      await claimOutboxBatch(tx, 10);
      let done = false;
      mark = markHandled(db.ds.manager, 'email', [id]).then(() => (done = true));
      await eventually(async () => done || (await waitingOnLock()), 'the mark done, or waiting on the relay');
      throw new Error('the other queue refused its jobs');
    }),
  ).rejects.toThrow('the other queue refused its jobs');
  await mark;
  // The next pass adds both jobs again (BullMQ keeps the finished one: nothing runs again) and commits.
  await pipelinedTransaction(db.ds, async (tx) => {
    expect((await claimOutboxBatch(tx, 10)).map((r) => r.id)).toEqual([id]);
    markOutboxPublished(tx, [id], [], ['email,applications']);
  });

  expect(await unhandledQueues(id)).toEqual(['applications']);
});
