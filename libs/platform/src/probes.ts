import { Global, Inject, Injectable, Logger, Module, ServiceUnavailableException } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  HealthCheckService,
  HealthIndicatorService,
  TerminusModule,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { pendingMigrations, perTurnLoader, pingDatabase } from '@rxbridge/database';
import type { HealthReadyAnswer } from '@rxbridge/contracts';
import { REDIS } from './redis.module';

/** Where every process answers its probes: the API on its port, the worker on METRICS_PORT. */
export const PROBE_PATHS = { live: '/api/v1/health/live', ready: '/api/v1/health/ready' } as const;

/** A dependency that answers slower than this counts as down: a probe must answer before its own timeout. */
const PROBE_TIMEOUT_MS = 2000;

/** One readiness check: resolves when the dependency answers, rejects (with a reason) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

/**
 * A check shared by the calls that arrive in one turn of the event loop: one run, sent after the last of
 * them asked, answers them all (perTurnLoader). A load balancer polling from many places then costs one
 * round trip to each store; `GET /health` and the readiness probe both use it (docs/architecture.md §15).
 */
export function sharedPerTurn<T>(check: () => Promise<T>): () => Promise<T> {
  const loader = perTurnLoader<true, T>(async (asks) => {
    const value = await check();
    return asks.map(() => value);
  });
  return () => loader.load(true);
}

type ReadyResult = { ok: boolean; answer: HealthReadyAnswer };
const SHUTDOWN = { shutdown: { status: 'down' as const, message: 'shutting down' } };
const SHUTTING_DOWN: ReadyResult = {
  ok: false,
  answer: { status: 'shutting_down', info: {}, error: SHUTDOWN, details: SHUTDOWN },
};

/**
 * The liveness and readiness probes of a process (docs/architecture.md §1 Processes, §11 Scaling out):
 * - live: the process can serve; it answers as long as its event loop turns, and stays 200 while
 *   draining, so an orchestrator never kills a process that is finishing its work;
 * - ready: PostgreSQL, Redis and what the process adds (the worker: its queues) answer, and the schema has
 *   every migration of this release; 503 naming
 *   the one that did not, and 503 `shutting_down` from the first moment of a shutdown, so a load
 *   balancer stops sending work before the process stops taking it. The answer is public: it says up
 *   or down; the reason goes to the log.
 * A dependency blinking fails readiness only: the process is taken out of rotation, never restarted.
 */
@Injectable()
export class Probes {
  private readonly logger = new Logger('Probes');
  private drainingSince: Date | null = null;
  private readonly checks = new Map<string, ReadinessCheck>();
  /** Why each check that is down failed, as last logged. */
  private readonly downBecause = new Map<string, string>();
  private readonly checkAll = sharedPerTurn(() => this.runChecks());

  constructor(
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(HealthIndicatorService) private readonly indicators: HealthIndicatorService,
    @Inject(getDataSourceToken()) db: DataSource,
    @Inject(REDIS) redis: Redis,
  ) {
    this.checks.set('database', () => pingDatabase(db.manager));
    this.checks.set('redis', () => redis.ping());
    // A new release is ready once the migrations it was built for are applied: on Kubernetes its pods
    // take no traffic while the migration Job still runs (docs/architecture.md §11). Current once, current for good.
    let schemaCurrent = false;
    this.checks.set('schema', async () => {
      if (schemaCurrent) return;
      const pending = await pendingMigrations(db.manager);
      if (pending.length) throw new Error(`${pending.length} migrations of this release are not applied yet`);
      schemaCurrent = true;
    });
  }

  /** Adds a dependency readiness waits for, under its name (the worker adds one per queue). */
  addCheck(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** From now on readiness answers 503 `shutting_down`: the first step of a graceful shutdown. */
  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  async ready(): Promise<ReadyResult> {
    // Draining answers at once, without the checks: only the calls from before the signal share a run.
    return this.draining ? SHUTTING_DOWN : this.checkAll();
  }

  private async runChecks(): Promise<ReadyResult> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check(
        [...this.checks].map(
          ([name, check]) =>
            () =>
              this.indicate(name, check),
        ),
      );
    } catch (err) {
      if (!(err instanceof ServiceUnavailableException)) throw err;
      result = err.getResponse() as HealthCheckResult;
    }
    return {
      ok: result.status === 'ok',
      answer: {
        status: result.status,
        info: (result.info ?? {}) as HealthReadyAnswer['info'],
        error: (result.error ?? {}) as HealthReadyAnswer['error'],
        details: result.details as HealthReadyAnswer['details'],
      },
    };
  }

  private async indicate(name: string, check: ReadinessCheck): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(name);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
        }),
      ]);
      this.noteState(name, null);
      return session.up();
    } catch (err) {
      this.noteState(name, err);
      return session.down();
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A driver's reason ('password authentication failed for user ...', an internal address, pending
   * migrations) is for the operator, not for whoever asks the public probe: it goes to the log, once
   * per change (the error serializer removes quoted values), and so does the dependency's return.
   */
  private noteState(name: string, err: unknown): void {
    if (err === null) {
      if (this.downBecause.delete(name)) this.logger.log({ check: name }, `ready again: ${name} answers`);
      return;
    }
    const reason = err instanceof Error ? err.message : String(err);
    if (this.downBecause.get(name) === reason) return;
    this.downBecause.set(name, reason);
    this.logger.warn({ check: name, err }, `not ready: ${name} does not answer`);
  }
}

/** The probes of the API and the worker (coreModules). */
@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [Probes],
  exports: [Probes],
})
export class ProbesModule {}
