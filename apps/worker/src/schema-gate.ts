import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { pendingMigrations } from '@rxbridge/database';
import { createLogger, SETTINGS, type Settings } from '@rxbridge/platform';

/** How often a worker of a new release asks again whether its migrations are applied. */
export const SCHEMA_WAIT_MS = 2000;

/**
 * A worker of a new release starts its queues and timers once the migrations it was built for are applied
 * (on Kubernetes the migration Job and the new pods start together: docs/architecture.md §11): until then it
 * waits, saying so, instead of failing on a missing table and restarting. Nest finishes every module's
 * init before any bootstrap hook, where the queues start. Meanwhile METRICS_PORT answers live and not ready
 * (MetricsModule listens from its own init, which runs first), so a startup probe does not kill the wait.
 */
@Injectable()
export class SchemaGate implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async onModuleInit() {
    // Straight to the process's log: Nest holds its own lines until the start is over (bufferLogs).
    const logger = createLogger(this.settings).child({ context: 'SchemaGate' });
    for (let asked = 0; ; asked++) {
      const pending = await pendingMigrations(this.db.manager);
      if (!pending.length) return;
      // Every 30 s is enough to show it waits; the names say which release it is.
      if (asked % 15 === 0) {
        logger.warn(`waiting for the migrations of this release: ${pending.join(', ')} not applied yet`);
      }
      await new Promise((resolve) => setTimeout(resolve, SCHEMA_WAIT_MS));
    }
  }
}
