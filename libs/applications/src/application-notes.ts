import type { EntityManager } from 'typeorm';
import type { Application } from '@rxbridge/database';
import { appendToOutbox, type DomainEventMap } from '@rxbridge/events';
import { applicationPush, toApplicationUpdate } from './application-push';
import { recordTimelineEntry, type TimelineEntry } from './timeline.repository';
import { medicationsOf } from './application-views.repository';

/** Events of a case that leave its state as it is, each with its timeline entry. */
type NoteEvent =
  | 'application.created'
  | 'application.program_set'
  | 'application.prescriber_requested'
  | 'application.prescriber_signed'
  | 'application.patient_signed'
  | 'application.ship_to_set'
  | 'application.renewal_opened'
  | 'application.documents_updated';

/**
 * A timeline entry that does not change the state (an opening, a program set, a prescriber's
 * request or signature, the patient's signature, a renewal opened), with its event and the push the screens hear
 * after the commit, in the
 * caller's transaction (docs/architecture.md §5, §8).
 */
export async function noteOnApplication<T extends NoteEvent>(
  manager: EntityManager,
  { app, medication }: { app: Application; medication: string },
  note: Pick<TimelineEntry, 'actorId' | 'actorRole' | 'note' | 'details'> & { opens?: boolean },
  event: T,
  payload: Omit<DomainEventMap[T], 'transitionId'>,
): Promise<TimelineEntry & { createdAt: Date }> {
  const entry = await recordTimelineEntry(manager, {
    applicationId: app.id,
    fromState: note.opens ? null : app.state,
    toState: app.state,
    actorId: note.actorId,
    actorRole: note.actorRole,
    note: note.note,
    details: note.details,
  });
  await appendToOutbox(
    manager,
    event,
    { ...payload, transitionId: entry.id } as DomainEventMap[T],
    app.userId,
    applicationPush(toApplicationUpdate(app, medication, entry)),
  );
  return entry;
}

/**
 * A checklist item changed: its event, and the push that tells the screens to read the case again. `asked`: a
 * navigator asked the patient for the item, or a fax found its file could not become pages (§17), and the worker
 * emails the patient what is still needed (docs/product.md §11).
 */
export async function announceChecklistChange(manager: EntityManager, app: Application, asked = false): Promise<void> {
  const medication = (await medicationsOf(manager, [app])).get(app.id)!;
  await appendToOutbox(
    manager,
    'application.documents_updated',
    { applicationId: app.id, userId: app.userId, ...(asked && { asked: true as const }) },
    app.userId,
    applicationPush(toApplicationUpdate(app, medication, null)),
  );
}
