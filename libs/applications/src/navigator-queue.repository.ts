import type { EntityManager } from 'typeorm';
import { APPLICATION_STATES, type ApplicationCounts, type ApplicationState } from '@rxbridge/contracts';
import { Application, entityColumns, prepared, runPrepared } from '@rxbridge/database';

/** A page of the queue with its filters ($3, $4: the state, the pattern, those it has). */
const queueStatement = (byState: boolean, byPattern: boolean) => {
  const pattern = `$${byState ? 4 : 3}`;
  const where = [
    ...(byState ? ['a.state = $3'] : []),
    ...(byPattern
      ? [
          `(u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern}
            OR COALESCE(p.medication, a.medication) ILIKE ${pattern})`,
        ]
      : []),
  ];
  return prepared(
    `navigator-queue-page${byState ? '-state' : ''}${byPattern ? '-pattern' : ''}`,
    `SELECT ${entityColumns(Application, 'a')}, count(*) OVER ()::int AS "totalCount"
       FROM applications a JOIN users u ON u.id = a.user_id
       LEFT JOIN prescriptions p ON p.id = a.prescription_id AND p.user_id = a.user_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.created_at, a.id OFFSET $1 LIMIT $2`,
  );
};
// One statement per combination of filters, each with a plan of its own (docs/architecture.md §15).
const QUEUE_PAGE = [false, true].map((byState) => [false, true].map((byPattern) => queueStatement(byState, byPattern)));

/**
 * One page of the navigators' queue, oldest first, by state and by a pattern matched against the
 * patient's name, email and the medication shown (docs/product.md §8 Navigator console), with how
 * many applications match, in one statement.
 */
export async function queuePage(
  manager: EntityManager,
  q: { state?: ApplicationState; pattern?: string; page: number; limit: number },
): Promise<[Application[], number]> {
  const rows = await pageOfQueue(manager, q, (q.page - 1) * q.limit, q.limit);
  const apps = rows.map(({ totalCount: _total, ...row }) => manager.create(Application, row));
  if (rows.length || q.page === 1) return [apps, rows[0]?.totalCount ?? 0];
  // A page past the end has no row to carry the total: the first row's does.
  return [apps, (await pageOfQueue(manager, q, 0, 1))[0]?.totalCount ?? 0];
}

function pageOfQueue(
  manager: EntityManager,
  q: { state?: ApplicationState; pattern?: string },
  offset: number,
  limit: number,
) {
  const filters = [...(q.state ? [q.state] : []), ...(q.pattern ? [q.pattern] : [])];
  const statement = QUEUE_PAGE[q.state ? 1 : 0][q.pattern ? 1 : 0];
  return runPrepared<Application & { totalCount: number }>(manager, statement, [offset, limit, ...filters]);
}

const COUNTS_BY_STATE = prepared(
  'application-counts-by-state',
  `SELECT state, count(*)::int AS n FROM applications GROUP BY state`,
);

/** Count per state over every application, zero included, so the tabs never jump. */
export async function applicationCounts(manager: EntityManager): Promise<ApplicationCounts> {
  const rows = await runPrepared<{ state: string; n: number }>(manager, COUNTS_BY_STATE, []);
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
