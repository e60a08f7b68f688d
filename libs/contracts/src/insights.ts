// Navigator insights (GET /admin/insights): aggregates drawn from the applications' timeline
// (docs/product.md §8 Navigator console). Counts only: no patient, medication or note in them.
import { z } from 'zod';
import { APPLICATION_STATES } from './enums';

/** How many days the states chart covers, today (UTC) included. */
export const INSIGHTS_DAYS = 90;

const count = z.number().int().min(0);

export const insightsStatesDaySchema = z.object({
  /** A UTC day, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The applications in each state at the end of that day (every state present, 0 when none). */
  counts: z.record(z.enum(APPLICATION_STATES), count),
});

export const insightsAnswerSchema = z.object({
  /** Oldest day first, INSIGHTS_DAYS entries ending today. */
  statesByDay: z.array(insightsStatesDaySchema),
  /** Days from an application's first SUBMITTED to its first APPROVED or DENIED after it. */
  decisionDays: z.object({
    /** Rounded to one decimal; null when no application has been decided. */
    median: z.number().min(0).nullable(),
    /** The decided applications the median is taken over. */
    count,
  }),
  /** Decisions (first APPROVED or DENIED after SUBMITTED) per program, by program name; programs with none are left out. */
  decisionsByProgram: z.array(
    z.object({
      /** null: applications no catalogue program covers. */
      programId: z.string().nullable(),
      programName: z.string(),
      approved: count,
      denied: count,
    }),
  ),
});
export type InsightsAnswer = z.infer<typeof insightsAnswerSchema>;
export type InsightsStatesDay = z.infer<typeof insightsStatesDaySchema>;
