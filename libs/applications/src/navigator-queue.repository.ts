import type { EntityManager } from 'typeorm';
import { APPLICATION_STATES, type ApplicationCounts, type ApplicationState } from '@rxbridge/contracts';
import { Application, entityColumns, everyWordIn, prepared, readPageInRange, runPrepared } from '@rxbridge/database';

/** How many applications are in each state, over the whole queue: one JSON object. */
const COUNTS_BY_STATE = `SELECT json_object_agg(state, n) FROM (
     SELECT state, count(*)::int AS n FROM applications GROUP BY state) c`;

/**
 * A page of the queue with its filters ($3, $4: the state, the words' patterns, those it has) and the
 * counts by state. The page is left-joined to one row, so the counts come back when it is empty.
 */
const queueStatement = (byState: boolean, byPattern: boolean) => {
  const words = `$${byState ? 4 : 3}`;
  const where = [
    ...(byState ? ['a.state = $3'] : []),
    ...(byPattern
      ? [everyWordIn([`u.first_name || ' ' || u.last_name`, 'u.email', 'COALESCE(p.medication, a.medication)'], words)]
      : []),
  ];
  return prepared(
    `navigator-queue-page${byState ? '-state' : ''}${byPattern ? '-pattern' : ''}`,
    `SELECT page.*, (${COUNTS_BY_STATE}) AS "countsByState"
       FROM (SELECT 1) one LEFT JOIN (
         SELECT ${entityColumns(Application, 'a')}, count(*) OVER ()::int AS "totalCount"
           FROM applications a JOIN users u ON u.id = a.user_id
           LEFT JOIN prescriptions p ON p.id = a.prescription_id AND p.user_id = a.user_id
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY a.created_at, a.id OFFSET $1 LIMIT $2) page ON true
      ORDER BY page."createdAt", page.id`,
  );
};
// One statement per combination of filters, each with a plan of its own (docs/architecture.md §15).
const QUEUE_PAGE = [false, true].map((byState) => [false, true].map((byPattern) => queueStatement(byState, byPattern)));

type QueueRow = Application & { totalCount: number; countsByState: Partial<ApplicationCounts> | null };

export interface QueuePage {
  applications: Application[];
  /** The page answered: the one asked for, or the last one when that is past the end. */
  page: number;
  /** How many applications match the filters. */
  totalCount: number;
  /** Count per state over every application, zero included, so the tabs never jump. */
  counts: ApplicationCounts;
}

/**
 * One page of the navigators' queue, oldest first, by state and by words (each a pattern) found in the
 * patient's name, email and the medication shown (docs/product.md §8 Navigator console), with how
 * many applications match and the counts by state, in one statement.
 */
export async function queuePage(
  manager: EntityManager,
  q: { state?: ApplicationState; words?: string[]; page: number; limit: number },
): Promise<QueuePage> {
  // The page is left-joined to one row: an empty one is that row, with the counts and no application.
  const {
    read: rows,
    page,
    total,
  } = await readPageInRange(
    (offset, limit) => pageOfQueue(manager, q, offset, limit),
    q.page,
    q.limit,
    (read) => read.find((row) => row.id !== null)?.totalCount,
  );
  const counts = Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])) as ApplicationCounts;
  Object.assign(counts, rows[0]?.countsByState);
  const applications = rows
    .filter((row) => row.id !== null)
    .map(({ totalCount: _total, countsByState: _counts, ...row }) => manager.create(Application, row));
  return { applications, page, totalCount: total, counts };
}

function pageOfQueue(
  manager: EntityManager,
  q: { state?: ApplicationState; words?: string[] },
  offset: number,
  limit: number,
) {
  const filters = [...(q.state ? [q.state] : []), ...(q.words?.length ? [q.words] : [])];
  const statement = QUEUE_PAGE[q.state ? 1 : 0][q.words?.length ? 1 : 0];
  return runPrepared<QueueRow>(manager, statement, [offset, limit, ...filters]);
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
