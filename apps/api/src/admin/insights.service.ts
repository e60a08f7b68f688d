import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APPLICATION_STATES, INSIGHTS_DAYS, type ApplicationState, type InsightsAnswer } from '@rxbridge/contracts';
import { findCatalogueEntry } from '@rxbridge/domain';
import { decisionDaysMedian, decisionsPerProgram, statesAtEndOfDays } from '@rxbridge/applications';

/** The name shown for applications no catalogue program covers (docs/product.md §15). */
export const NO_PROGRAM_NAME = 'No program';

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

  /** The applications in each state at the end of each UTC day of the last INSIGHTS_DAYS. */
  private async statesByDay(tx: EntityManager): Promise<InsightsAnswer['statesByDay']> {
    const rows = await statesAtEndOfDays(tx, INSIGHTS_DAYS);
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
    const row = await decisionDaysMedian(tx);
    return { median: row.median === null ? null : Math.round(Number(row.median) * 10) / 10, count: row.count };
  }

  private async decisionsByProgram(tx: EntityManager): Promise<InsightsAnswer['decisionsByProgram']> {
    const rows = await decisionsPerProgram(tx);
    return rows
      .map((r) => ({
        programId: r.program_id,
        // A program dropped from the catalogue keeps its id as its name.
        programName: r.program_id === null ? NO_PROGRAM_NAME : (findCatalogueEntry(r.program_id)?.name ?? r.program_id),
        approved: r.approved,
        denied: r.denied,
      }))
      .sort((a, b) => a.programName.localeCompare(b.programName));
  }
}
