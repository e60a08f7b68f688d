import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createDocumentStorage, sweepDocumentFiles, type DocumentStorage } from '@rxbridge/documents';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import type { HandlerMap } from '../queue/handler-map';

/**
 * Removes stored document files that no row points at (an upload cut off by a crash before its
 * commit, a delete whose file removal failed), from the cleanup entries the API plans for them.
 * A tick every DOCUMENT_SWEEP_SECONDS (ScheduledTicks) works from the database,
 * so a lost tick only delays the removal, and running one twice removes nothing twice.
 */
@Injectable()
export class DocumentFileSweep {
  private readonly logger = new Logger('DocumentFileSweep');
  private readonly storage: DocumentStorage;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.storage = createDocumentStorage(settings);
  }

  readonly handlers: HandlerMap = {
    'documents.sweep_due': () => this.run(),
  };

  async run(now = new Date()): Promise<void> {
    const { removed, failed } = await sweepDocumentFiles(this.db, this.storage, now, this.logger);
    if (removed || failed)
      this.logger.log(`document files without a row: ${removed} removed, ${failed} left for later`);
  }
}
