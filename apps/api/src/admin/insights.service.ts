import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APPLICATION_STATES, INSIGHTS_DAYS, type ApplicationState, type InsightsAnswer } from '@rxbridge/contracts';
import { findProgram } from '@rxbridge/domain';

/** The name shown for applications no catalogue program covers (docs/product.md §15). */
export const NO_PROGRAM_NAME = 'No program';

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
 * Navigator insights (docs/product.md §8 Navigator console), drawn from the timeline
 * (application_transitions). Every figure is a count or a duration over all applications: no
 * patient, medication or note leaves this service, so reading it is not a patient read and writes
 * no audit row (docs/architecture.md §9 audits reads of a patient's data).
 */
@Injectable()
export class InsightsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One snapshot (REPEATABLE READ), so a move made meanwhile cannot show in one chart and not another. */
  insights(): Promise<InsightsAnswer> {
    return this.db.transaction('REPEATABLE READ', async (tx) => ({
      statesByDay: await this.statesByDay(tx),
      decisionDays: await this.decisionDays(tx),
      decisionsByProgram: await this.decisionsByProgram(tx),
    }));
  }

  /**
   * The applications in each state at the end of each UTC day: per day, each application's last
   * transition at or before the day's end (the (application_id, created_at) index serves the lookup).
   */
  private async statesByDay(tx: EntityManager): Promise<InsightsAnswer['statesByDay']> {
    const rows: { date: string; state: ApplicationState | null; n: number }[] = await tx.query(
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
      [INSIGHTS_DAYS],
    );
    const byDate = new Map<string, Record<ApplicationState, number>>();
    for (const row of rows) {
      let counts = byDate.get(row.date);
      if (!counts) {
        counts = Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])) as Record<ApplicationState, number>;
        byDate.set(row.date, counts);
      }
      if (row.state) counts[row.state] += row.n;
    }
    return [...byDate].map(([date, counts]) => ({ date, counts }));
  }

  private async decisionDays(tx: EntityManager): Promise<InsightsAnswer['decisionDays']> {
    const [row]: { median: number | null; count: number }[] = await tx.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - submitted_at) / 86400)
                AS median,
              count(*)::int AS count
         FROM (${DECISIONS}) AS decisions`,
    );
    return { median: row.median === null ? null : Math.round(Number(row.median) * 10) / 10, count: row.count };
  }

  private async decisionsByProgram(tx: EntityManager): Promise<InsightsAnswer['decisionsByProgram']> {
    const rows: { program_id: string | null; approved: number; denied: number }[] = await tx.query(
      `SELECT a.program_id,
              count(*) FILTER (WHERE decision = 'APPROVED')::int AS approved,
              count(*) FILTER (WHERE decision = 'DENIED')::int AS denied
         FROM (${DECISIONS}) AS decisions
         JOIN applications a ON a.id = decisions.application_id
        GROUP BY a.program_id`,
    );
    return rows
      .map((r) => ({
        programId: r.program_id,
        // A program dropped from the catalogue keeps its id as its name.
        programName: r.program_id === null ? NO_PROGRAM_NAME : (findProgram(r.program_id)?.name ?? r.program_id),
        approved: r.approved,
        denied: r.denied,
      }))
      .sort((a, b) => a.programName.localeCompare(b.programName));
  }
}
