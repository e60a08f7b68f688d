import type { EntityManager } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';

// The navigator insights' reads over the timeline (application_transitions; docs/product.md §8
// Navigator console): counts and durations only, never a patient's data.

// Each application's first SUBMITTED and the first APPROVED or DENIED after it: the decision the
// median and the per-program counts are both taken from, so the two figures agree.
const DECISIONS = `
  WITH submitted AS (
    SELECT application_id, min(created_at) AS at
      FROM application_transitions WHERE to_state = 'SUBMITTED' GROUP BY application_id
  )
  SELECT DISTINCT ON (s.application_id)
         s.application_id, s.at AS submitted_at, t.created_at AS decided_at, t.to_state AS decision
    FROM submitted s
    JOIN application_transitions t
      ON t.application_id = s.application_id AND t.to_state IN ('APPROVED', 'DENIED') AND t.created_at > s.at
   ORDER BY s.application_id, t.created_at`;

/**
 * How many applications were in each state at the end of each of the last `days` UTC days, by day
 * (a null state: no application had a transition yet): per day, each application's last transition
 * at or before the day's end (the (application_id, created_at) index serves the lookup).
 */
export function statesAtEndOfDays(
  manager: EntityManager,
  days: number,
): Promise<{ date: string; state: ApplicationState | null; n: number }[]> {
  return manager.query(
    `WITH days AS (
       SELECT d::date AS day
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1),
                              (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
     )
     SELECT to_char(days.day, 'YYYY-MM-DD') AS date, last.to_state AS state, count(last.to_state)::int AS n
       FROM days
       LEFT JOIN applications a ON true
       LEFT JOIN LATERAL (
         SELECT t.to_state FROM application_transitions t
          WHERE t.application_id = a.id AND t.created_at < (days.day + 1)::timestamp AT TIME ZONE 'UTC'
          ORDER BY t.created_at DESC LIMIT 1
       ) AS last ON true
      GROUP BY days.day, last.to_state
      ORDER BY days.day`,
    [days],
  );
}

/** The median number of days from submission to decision (null when none was decided), and how many. */
export async function decisionDaysMedian(manager: EntityManager): Promise<{ median: number | null; count: number }> {
  const [row] = (await manager.query(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - submitted_at) / 86400)
              AS median,
            count(*)::int AS count
       FROM (${DECISIONS}) AS decisions`,
  )) as { median: number | null; count: number }[];
  return row;
}

/** The decisions counted per program the application is under (null: none). */
export function decisionsPerProgram(
  manager: EntityManager,
): Promise<{ program_id: string | null; approved: number; denied: number }[]> {
  return manager.query(
    `SELECT a.program_id,
            count(*) FILTER (WHERE decision = 'APPROVED')::int AS approved,
            count(*) FILTER (WHERE decision = 'DENIED')::int AS denied
       FROM (${DECISIONS}) AS decisions
       JOIN applications a ON a.id = decisions.application_id
      GROUP BY a.program_id`,
  );
}
