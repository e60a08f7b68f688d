import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

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
