import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { LiveChannel } from '@rxbridge/platform';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { perTurnLoader } from '@rxbridge/database';
import { EMITTER, publishLive, type LivePush } from './live-push';
import { markPushedUnlessHeld } from './outbox.repository';

/**
 * How long the relay leaves a row's push to its writer: the writer's publish and mark take
 * milliseconds; a writer that died meanwhile has its push published by the relay this long (and up
 * to one poll) after the commit (docs/architecture.md §8 Real time).
 */
export const WRITER_PUSH_GRACE_SECONDS = 5;

/**
 * How long the writer tries again to mark a push whose row is held: the relay holds a row for a
 * round trip or two. Past it the relay publishes the push again after the grace, a signal heard twice.
 */
const HELD_RETRY_MS = (WRITER_PUSH_GRACE_SECONDS * 1000) / 2;

/**
 * The marks of pushes published within this long go out as one statement: each is a commit, and
 * under a burst of moves one per move took the database's time the next moves waited for. The
 * relay waits WRITER_PUSH_GRACE_SECONDS for a mark, so a mark this much later changes nothing.
 */
const MARK_WINDOW_MS = 25;

interface PendingPush {
  outboxId: string;
  push: LivePush;
}

const PENDING = Symbol('pending live pushes');
const WAKE = Symbol('outbox rows written');
type RunnerData = { [PENDING]?: PendingPush[]; [WAKE]?: true };
const publishers = new WeakMap<DataSource, WriterPushes>();

/**
 * The Socket.IO server of the writer's own process (an API process): a push reaches its sockets
 * as soon as the change commits, without the trip through Redis and back, and Redis carries it to
 * the other processes under this adapter's id, which this process's adapter skips
 * (docs/architecture.md §8 Real time).
 */
export interface LocalSockets {
  /** The id this process's adapter publishes and skips its own messages by. */
  readonly senderId: string;
  emit(push: LivePush): void;
}
/** By DataSource: the API's gateway may start before or after the publisher is attached. */
const localSockets = new WeakMap<DataSource, LocalSockets>();

/**
 * The one publisher of a change's socket push (docs/architecture.md §8 Real time): every push
 * travels on its change's outbox row, and the process that wrote the row publishes it as soon as
 * its transaction commits, then marks the row pushed. The relay is the fallback: a push still
 * unmarked after the grace (the writer died, Redis was away) is published by its poll.
 * After the same commit it wakes the relay for the new rows (docs/architecture.md §6).
 * Registered on a DataSource as a TypeORM subscriber, so writers only say what follows their
 * commit (pushAfterCommit, relayAfterCommit); nothing is published for a transaction that rolls back.
 */
export class WriterPushes implements EntitySubscriberInterface {
  /** Publishes not yet answered by Redis: a draining API waits for them (settled). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly marks = perTurnLoader<string, true>(
    async (ids) => {
      const until = Date.now() + HELD_RETRY_MS;
      let held = [...ids];
      for (;;) {
        held = await markPushedUnlessHeld(this.db.manager, held);
        if (!held.length || Date.now() >= until) break;
        await sleep(MARK_WINDOW_MS);
      }
      return ids.map(() => true as const);
    },
    { windowMs: MARK_WINDOW_MS },
  );

  /** Whether this turn of the event loop has woken the relay already. */
  private wokenThisTurn = false;

  private constructor(
    private readonly db: DataSource,
    private readonly redis: Redis,
    private readonly channel: LiveChannel,
    private readonly wakeChannel: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** This process publishes the pushes of the rows it writes through `db`, and wakes the relay on `wakeChannel`. */
  static attach(
    db: DataSource,
    redis: Redis,
    channel: { live: LiveChannel; wake: string },
    onError: (err: unknown) => void,
  ): WriterPushes {
    const publisher = new WriterPushes(db, redis, channel.live, channel.wake, onError);
    db.subscribers.push(publisher);
    publishers.set(db, publisher);
    return publisher;
  }

  static detach(db: DataSource): void {
    const publisher = publishers.get(db);
    if (!publisher) return;
    publishers.delete(db);
    db.subscribers.splice(db.subscribers.indexOf(publisher), 1);
  }

  static of(db: DataSource): WriterPushes | undefined {
    return publishers.get(db);
  }

  /** The pushes of `db`'s writes reach `sockets` directly (null: through Redis only, as before). */
  static deliverLocally(db: DataSource, sockets: LocalSockets | null): void {
    if (sockets) localSockets.set(db, sockets);
    else localSockets.delete(db);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // Releasing a savepoint is not the commit: the pushes wait for the outermost one.
    if (event.queryRunner.isTransactionActive) return;
    const data = event.queryRunner.data as RunnerData;
    const { [PENDING]: pending, [WAKE]: wake } = data;
    delete data[PENDING];
    delete data[WAKE];
    for (const { outboxId, push } of pending ?? []) this.publish(outboxId, push);
    if (wake) this.wakeRelay();
  }

  /**
   * Tells the relay that outbox rows were committed: once per turn of the event loop, however many
   * commits it saw. Through Redis rather than a PostgreSQL NOTIFY, whose commits take one lock for
   * the whole cluster, one after another (docs/architecture.md §6). A wake lost (Redis away) leaves
   * the rows to the relay's poll.
   */
  wakeRelay(): void {
    if (this.wokenThisTurn) return;
    this.wokenThisTurn = true;
    setImmediate(() => (this.wokenThisTurn = false));
    const waking = this.redis
      .publish(this.wakeChannel, '')
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(waking));
    this.inFlight.add(waking);
  }

  /**
   * Delivers to this process's sockets and publishes for the others, now (the row is committed).
   * A failed publish is left to the relay's fallback, which sends to every process: this one's
   * sockets may then hear the push twice, which pushes allow.
   */
  publish(outboxId: string, push: LivePush): void {
    const local = localSockets.get(this.db);
    local?.emit(push);
    const publishing = publishLive(this.redis, this.channel, push, null, local?.senderId ?? EMITTER)
      .then(() => this.marks.load(outboxId))
      .catch(this.onError)
      .finally(() => this.inFlight.delete(publishing));
    this.inFlight.add(publishing);
  }

  /** Resolves once every push published so far has been taken by Redis (or left to the relay). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * The push of an outbox row the caller just wrote goes out once the row is committed, and the relay
 * is woken for the row: at the end of the caller's transaction, or now for a statement that committed
 * on its own. A process with no publisher attached (a script) leaves both to the relay's poll.
 */
export function pushAfterCommit(manager: EntityManager, outboxId: string, push: LivePush): void {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) ((runner.data as RunnerData)[PENDING] ??= []).push({ outboxId, push });
  else WriterPushes.of(manager.dataSource)?.publish(outboxId, push);
  relayAfterCommit(manager);
}

/** The relay is woken for an outbox row once the caller's transaction commits (now, for a statement alone). */
export function relayAfterCommit(manager: EntityManager): void {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) (runner.data as RunnerData)[WAKE] = true;
  else WriterPushes.of(manager.dataSource)?.wakeRelay();
}
