import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { ApplicationState, TransitionActorRole } from '@rxbridge/contracts';
import { prepared, runPrepared } from '@rxbridge/database';

/** One row of an application's timeline: a change of state, or a note on the case (from = to). */
export interface TimelineEntry {
  id: string;
  applicationId: string;
  /** null only for the row that opens the application. */
  fromState: ApplicationState | null;
  toState: ApplicationState;
  /** null for the system (timers, the worker, a prescriber's link). */
  actorId: string | null;
  actorRole: TransitionActorRole;
  note: string;
  details: Record<string, unknown>;
}

/**
 * The one insert of a timeline row (application_transitions), its eight values read from `$first`
 * on, for each row of `from` when given: a state change writes its row in the same statement as the
 * change, so no row there (the state had moved on) writes no entry (docs/architecture.md §5).
 */
export function timelineInsert(first: number, from?: string): string {
  const $ = (i: number) => `$${first + i}`;
  const values = `${$(0)}::uuid, ${$(1)}::uuid, ${$(2)}, ${$(3)}, ${$(4)}::uuid, ${$(5)}, ${$(6)}, ${$(7)}::jsonb`;
  return `INSERT INTO application_transitions (id, application_id, from_state, to_state, actor_id, actor_role, note, details)
    SELECT ${values} ${from ? `FROM ${from}` : ''}
    RETURNING created_at`;
}

/** A timeline entry's values in timelineInsert's order. */
export const timelineParams = (e: TimelineEntry): unknown[] => [
  e.id,
  e.applicationId,
  e.fromState,
  e.toState,
  e.actorId,
  e.actorRole,
  e.note,
  JSON.stringify(e.details),
];

const RECORD_ENTRY = prepared('record-timeline-entry', timelineInsert(1));

/** Writes a timeline entry in the caller's transaction; answers it with its time. */
export async function recordTimelineEntry(
  manager: EntityManager,
  entry: Omit<TimelineEntry, 'id'> & { id?: string },
): Promise<TimelineEntry & { createdAt: Date }> {
  const row = { ...entry, id: entry.id ?? randomUUID() };
  const [written] = await runPrepared<{ created_at: Date }>(manager, RECORD_ENTRY, timelineParams(row));
  return { ...row, createdAt: written.created_at };
}

// Moves only: a note keeps the state (from = to), and its writer (the system's "signed by the prescriber", say) did not
// move the case.
const LAST_MOVE_ACTOR = prepared(
  'last-move-actor',
  `SELECT actor_id AS "actorId" FROM application_transitions
    WHERE application_id = $1 AND from_state IS DISTINCT FROM to_state ORDER BY created_at DESC, id DESC LIMIT 1`,
);

/** Who made an application's latest move (its opening included): undefined when it has none, null for the system. */
export async function lastMoveActor(manager: EntityManager, applicationId: string): Promise<string | null | undefined> {
  const [row] = await runPrepared<{ actorId: string | null }>(manager, LAST_MOVE_ACTOR, [applicationId]);
  return row?.actorId;
}
