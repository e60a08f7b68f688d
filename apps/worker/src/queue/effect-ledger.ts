import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PipelinedTransaction } from '@rxbridge/database';
import { doEffectOnce } from '@rxbridge/events';

/**
 * Does a side effect once per key, whatever redeliveries happen (docs/architecture.md §6 Outbox and
 * idempotent handlers): the worker's handle on the ledger (doEffectOnce). Returns whether it ran.
 */
@Injectable()
export class EffectLedger {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  once(key: string, effect: () => Promise<void>): Promise<boolean> {
    return doEffectOnce(this.db, key, effect);
  }

  /** `once`, reading what the effect needs in the claim's round trip (doEffectOnce). */
  onceWith<Context>(
    key: string,
    read: (tx: PipelinedTransaction) => Promise<Context>,
    effect: (context: Context) => Promise<void>,
  ): Promise<boolean> {
    return doEffectOnce(this.db, key, effect, read);
  }
}
