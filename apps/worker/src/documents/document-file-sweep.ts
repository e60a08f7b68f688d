import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { createDocumentStorage, sweepDocumentFiles, type DocumentStorage } from '@rxbridge/documents';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { QUEUES } from '@rxbridge/events';
import { declareTick } from '../queue/scheduled-tick';
import type { HandlerMap } from '../queue/handler-map';

/**
 * Removes stored document files that no row points at (an upload cut off by a crash before its
 * commit, a delete whose file removal failed), from the cleanup entries the API plans for them.
 * A BullMQ job scheduler ticks every DOCUMENT_SWEEP_SECONDS; each tick works from the database,
 * so a lost tick only delays the removal, and running one twice removes nothing twice.
 */
@Injectable()
export class DocumentFileSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('DocumentFileSweep');
  private readonly storage: DocumentStorage;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.storage = createDocumentStorage(settings);
  }

  readonly handlers: HandlerMap = {
    'documents.sweep_due': () => this.run(),
  };

  onApplicationBootstrap() {
    return this.declare();
  }

  /** Declares the tick's scheduler (again when Redis lost it, docs/architecture.md §6 When Redis loses its data). */
  async declare(): Promise<void> {
    await declareTick(this.redis, this.settings.REDIS_PREFIX, {
      queue: QUEUES.timers,
      schedulerId: 'document-file-sweep',
      everySeconds: this.settings.DOCUMENT_SWEEP_SECONDS,
      name: 'documents.sweep_due',
    });
  }

  async run(now = new Date()): Promise<void> {
    const { removed, failed } = await sweepDocumentFiles(this.db, this.storage, now, this.logger);
    if (removed || failed)
      this.logger.log(`document files without a row: ${removed} removed, ${failed} left for later`);
  }
}
