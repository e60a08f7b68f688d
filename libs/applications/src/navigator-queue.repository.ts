import { In, type EntityManager } from 'typeorm';
import { APPLICATION_STATES, type ApplicationCounts, type ApplicationState } from '@rxbridge/contracts';
import { Application, Prescription, User } from '@rxbridge/database';

/**
 * One page of the navigators' queue, oldest first, by state and by a pattern matched against the
 * patient's name, email and the medication shown (docs/product.md §8 Navigator console).
 */
export function queuePage(
  manager: EntityManager,
  q: { state?: ApplicationState; pattern?: string; page: number; limit: number },
): Promise<[Application[], number]> {
  const query = manager
    .createQueryBuilder(Application, 'a')
    .innerJoin(User, 'u', 'u.id = a.user_id')
    .leftJoin(Prescription, 'p', 'p.id = a.prescription_id AND p.user_id = a.user_id')
    .orderBy('a.created_at', 'ASC')
    .addOrderBy('a.id', 'ASC')
    .offset((q.page - 1) * q.limit)
    .limit(q.limit);
  if (q.state) query.andWhere('a.state = :state', { state: q.state });
  if (q.pattern) {
    query.andWhere(
      `(u.first_name || ' ' || u.last_name ILIKE :pattern OR u.email ILIKE :pattern
        OR COALESCE(p.medication, a.medication) ILIKE :pattern)`,
      { pattern: q.pattern },
    );
  }
  return query.getManyAndCount();
}

/** Count per state over every application, zero included, so the tabs never jump. */
export async function applicationCounts(manager: EntityManager): Promise<ApplicationCounts> {
  const rows: { state: string; n: number }[] = await manager
    .createQueryBuilder(Application, 'a')
    .select('a.state', 'state')
    .addSelect('count(*)::int', 'n')
    .groupBy('a.state')
    .getRawMany();
  const counts = Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])) as ApplicationCounts;
  for (const r of rows) counts[r.state as keyof ApplicationCounts] = r.n;
  return counts;
}

/** How many applications each of these patients has. */
export async function applicationCountsByPatient(
  manager: EntityManager,
  userIds: string[],
): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows: { userId: string; n: number }[] = await manager
    .createQueryBuilder(Application, 'a')
    .select('a.user_id', 'userId')
    .addSelect('count(*)::int', 'n')
    .where('a.user_id IN (:...userIds)', { userIds })
    .groupBy('a.user_id')
    .getRawMany();
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The names and emails of these patients, by id. */
export async function patientNames(
  manager: EntityManager,
  userIds: string[],
): Promise<Map<string, Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>>> {
  const ids = [...new Set(userIds)];
  const users = ids.length
    ? await manager.find(User, {
        select: { id: true, firstName: true, lastName: true, email: true },
        where: { id: In(ids) },
      })
    : [];
  return new Map(users.map((u) => [u.id, u]));
}
