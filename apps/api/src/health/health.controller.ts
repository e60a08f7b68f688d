import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { healthAnswerSchema, healthLiveAnswerSchema, healthReadyAnswerSchema } from '@rxbridge/contracts';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../common/auth.guard';
import { Probes, REDIS, sharedPerTurn } from '@rxbridge/platform';
import { pingDatabase } from '@rxbridge/database';
import { Answer } from '../common/answer';

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

/**
 * For humans and dashboards: 200 when PostgreSQL and Redis answer, 503 otherwise. Orchestrators and
 * load balancers use the probes below (docs/architecture.md §1 Processes, §11 Scaling out).
 */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(Probes) private readonly lifecycle: Probes,
  ) {}

  /**
   * The health checks that arrive in one turn of the event loop share one probe of each store,
   * sent at the end of that turn, after each of them asked (sharedPerTurn, as the readiness probe):
   * under a load balancer's polling from many places, one round trip to each store answers them all
   * (docs/architecture.md §15 Performance).
   */
  private readonly probes = sharedPerTurn(async (): Promise<{ database: Probe; redis: Probe }> => {
    const [database, redis] = await Promise.all([
      probe(() => pingDatabase(this.db.manager)),
      probe(() => this.redis.ping()),
    ]);
    return { database, redis };
  });

  @Answer(healthAnswerSchema)
  @Public()
  @Get()
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    const { database, redis } = await this.probes();
    const ok = database.status === 'up' && redis.status === 'up';
    if (!ok) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'degraded', database, redis, uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Liveness: 200 while the process can answer at all, draining included; nothing it depends on is asked. */
  @Answer(healthLiveAnswerSchema)
  @Public()
  @Get('live')
  live() {
    return this.lifecycle.live();
  }

  /** Readiness: 503 naming the dependency that did not answer (up or down only: it is public), or `shutting_down` once SIGTERM arrived. */
  @Answer(healthReadyAnswerSchema)
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: FastifyReply) {
    const { ok, answer } = await this.lifecycle.ready();
    if (!ok) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return answer;
  }
}
