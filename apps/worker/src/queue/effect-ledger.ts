import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ProcessedEffect } from '@rxbridge/database';

/**
 * Remembers side effects already done, keyed by event, so a redelivered job doesn't repeat them.
 * An effect that can't be made atomic with the database (an email) runs first and is recorded
 * after: a crash in between means at most one repeat, never a loss.
 */
@Injectable()
export class EffectLedger {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async once(key: string, effect: () => Promise<void>): Promise<boolean> {
    if (await this.db.getRepository(ProcessedEffect).existsBy({ key })) return false;
    await effect();
    await this.db.createQueryBuilder().insert().into(ProcessedEffect).values({ key }).orIgnore().execute();
    return true;
  }
}
