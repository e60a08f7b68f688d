import {
  getMetadataArgsStorage,
  type EntityManager,
  type EntityTarget,
  type FindOptionsWhere,
  type ObjectLiteral,
} from 'typeorm';
import { entityColumns, prepared, runPrepared, type PreparedStatement } from '@rxbridge/database';

/** A row of a patient's record: it belongs to exactly one user. */
export interface OwnedRecord {
  id: string;
  userId: string;
}

/** Doctors, prescriptions and insurance are listed in the order they were added. */
export const RECORD_ORDER = { createdAt: 'ASC', id: 'ASC' } as const;

/**
 * Inserts rows one by one with clock_timestamp() as created_at: now() is the same for every row of
 * a transaction, which would shuffle a bulk save in the list. Returns the new ids, in order.
 */
export async function insertInOrder<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: Record<string, unknown>[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values({ ...row, createdAt: () => 'clock_timestamp()' } as never)
      .returning('id')
      .execute();
    ids.push((result.raw as { id: string }[])[0].id);
  }
  return ids;
}

/**
 * Holds the patient's own users row until the caller's transaction ends, so that two writes counting the patient's
 * rows against a limit (the storage quota, the plan's prescriptions) run one after the other. FOR NO KEY UPDATE: rows
 * that only point at the user (a refresh token being written, a session check) are not held up.
 */
export async function lockPatientRow(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
}

/**
 * The user's own row, or null. `lock` holds it (FOR UPDATE) for the rest of the caller's
 * transaction, so a concurrent delete cannot slip between a check and a change.
 */
export function findOwnedRecord<E extends OwnedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  id: string,
  userId: string,
  lock = false,
): Promise<E | null> {
  return manager.findOne(entity, {
    where: { id, userId } as FindOptionsWhere<E>,
    ...(lock && { lock: { mode: 'pessimistic_write' as const } }),
  });
}

/** Any patient's row by id, or null: for staff reads, which the caller audits (docs/architecture.md §9). */
export function findRecord<E extends OwnedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  id: string,
): Promise<E | null> {
  return manager.findOne(entity, { where: { id } as FindOptionsWhere<E> });
}

export type RecordEntity<E> = abstract new (...args: never[]) => E;
const OWNED_LISTS = new Map<RecordEntity<unknown>, PreparedStatement>();

/** The entity's table, from its decorator. */
export function tableOf(entity: RecordEntity<unknown>): string {
  const table = getMetadataArgsStorage().tables.find((t) => t.target === entity)?.name;
  if (!table) throw new Error(`${entity.name} is not an entity`);
  return table;
}

/** One prepared read per kind of record (docs/architecture.md §15), declared on its first use. */
function ownedListOf(entity: RecordEntity<unknown>): PreparedStatement {
  let statement = OWNED_LISTS.get(entity);
  if (!statement) {
    const table = tableOf(entity);
    statement = prepared(
      `owned-${table}`,
      `SELECT ${entityColumns(entity, 'r')} FROM ${table} r WHERE r.user_id = $1 ORDER BY r.created_at, r.id`,
    );
    OWNED_LISTS.set(entity, statement);
  }
  return statement;
}

/** The user's rows of one kind, in the order they were added (RECORD_ORDER). */
export async function listOwnedRecords<E extends OwnedRecord & { createdAt: Date }>(
  manager: EntityManager,
  entity: RecordEntity<E>,
  userId: string,
): Promise<E[]> {
  const rows = await runPrepared<E>(manager, ownedListOf(entity), [userId]);
  return manager.create(entity as EntityTarget<E>, rows as never[]);
}

/** Deletes the user's row; another user's row of that id is left alone. */
export async function deleteOwnedRecord<E extends OwnedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  id: string,
  userId: string,
): Promise<void> {
  await manager.delete(entity, { id, userId } as FindOptionsWhere<E>);
}
