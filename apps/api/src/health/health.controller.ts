import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { healthAnswerSchema } from '@rxbridge/contracts';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../common/auth.guard';
import { REDIS } from '@rxbridge/platform';
import { prepared, runPrepared } from '@rxbridge/database';
import { Answer } from '../common/answer';

const SELECT_ONE = prepared('health', 'SELECT 1');

const probe = async (check: () => Promise<unknown>) => {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 2000);
      }),
    ]);
    return { status: 'up' as const, latencyMs: Date.now() - started };
  } catch {
    return { status: 'down' as const, latencyMs: Date.now() - started };
  } finally {
    // A timer left behind would outlive the answer by two seconds and build an error for nobody.
    clearTimeout(timer);
  }
};

type Probe = Awaited<ReturnType<typeof probe>>;

/** For load balancers and humans: 200 when PostgreSQL and Redis answer, 503 otherwise. */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * The probe the health checks that arrived in this turn of the event loop will share: it starts
   * at the end of the turn (`setImmediate`), so it is always sent after each of them asked. Under a
   * load balancer's polling from many places, one round trip to each store answers them all
   * (docs/architecture.md §15 Performance).
   */
  private next: Promise<{ database: Probe; redis: Probe }> | null = null;

  private probeBoth() {
    this.next ??= new Promise((resolve) =>
      setImmediate(() => {
        this.next = null;
        resolve(
          Promise.all([probe(() => runPrepared(this.db.manager, SELECT_ONE, [])), probe(() => this.redis.ping())]).then(
            ([database, redis]) => ({ database, redis }),
          ),
        );
      }),
    );
    return this.next;
  }

  @Answer(healthAnswerSchema)
  @Public()
  @Get()
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    const { database, redis } = await this.probeBoth();
    const ok = database.status === 'up' && redis.status === 'up';
    if (!ok) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'degraded', database, redis, uptimeSeconds: Math.round(process.uptime()) };
  }
}
