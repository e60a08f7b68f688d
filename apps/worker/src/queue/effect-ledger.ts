import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PipelinedTransaction } from '@rxbridge/database';
import { doEffectOnce, effectDone } from '@rxbridge/events';

/**
 * Does a side effect once per key, whatever redeliveries happen (docs/architecture.md §6 Outbox and
 * idempotent handlers): the worker's handle on the ledger (doEffectOnce). Returns whether it ran.
 */
@Injectable()
export class EffectLedger {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `read`, when given, reads what the effect needs in the claim's round trip (doEffectOnce). */
  once<Context = undefined>(
    key: string,
    effect: (context: Context) => Promise<void>,
    read?: (tx: PipelinedTransaction) => Promise<Context>,
  ): Promise<boolean> {
    return doEffectOnce(this.db, key, effect, read);
  }

  /** Whether the effect of this key was done already (a redelivered job's question, effectDone). */
  done(key: string): Promise<boolean> {
    return effectDone(this.db, key);
  }
}
