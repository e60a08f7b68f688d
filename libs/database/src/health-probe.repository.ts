import type { EntityManager } from 'typeorm';
import { prepared, runPrepared } from './prepared';

// Sent on every health check and liveness beat: prepared (docs/architecture.md §15 Performance).
const SELECT_ONE = prepared('health', 'SELECT 1');

/** One round trip to PostgreSQL: resolves when it answers, rejects when it does not. */
export async function pingDatabase(manager: EntityManager): Promise<void> {
  await runPrepared(manager, SELECT_ONE, []);
}
