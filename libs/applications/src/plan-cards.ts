import type { EntityManager } from 'typeorm';
import { APPLICATION_STATES } from '@rxbridge/contracts';
import {
  CHECKLIST_FOLLOWS_STATES,
  cardOfCurrentPlan,
  documentLabel,
  packetIsOpen,
  packetMayGoAgain,
  type PacketHolder,
} from '@rxbridge/domain';
import { removeMissingItems } from './applications.repository';
import { askInsuranceCardAgain, receivedInsuranceCards } from './checklist.repository';
import { TIMELINE_NOTES } from './timeline-notes';

/** The states of an application whose packet may still go out (packetMayGoAgain): their card follows the plan. */
export const CARD_FOLLOWS_PLAN_STATES = APPLICATION_STATES.filter((state) =>
  packetMayGoAgain({ state, enrollmentEndDate: null }),
);

/** A timeline note of the card following the plan, with its details. */
export interface CardNote {
  note: string;
  details: { askedAgain: 'INSURANCE_CARD' } | { removed: 'INSURANCE_CARD' };
}

/**
 * The insurance card on the patient's applications follows their plan (docs/product.md §5): on each application whose
 * packet may still go out (packetMayGoAgain; the caller locked them), a card received before the patient's plan
 * began (`planSince`, cardOfCurrentPlan) is asked for again. With no plan left (`planSince` null) no card is asked: on
 * an application its checklist no longer follows (with the program, or back from it), the card item goes unless a
 * staff member asked for it, as the checklist's follow lets it go on the others. Answers, per application, its
 * timeline note: while the packet is open the patient is asked for the new card, or told of no card any more; one
 * with the program keeps its packet as sent and asks nothing now, and the note tells the navigator the program has the
 * card of the plan before. Run twice, it changes nothing the second time.
 */
export async function askAgainForCardOfPlan(
  manager: EntityManager,
  applications: (PacketHolder & { id: string })[],
  planSince: Date | null,
): Promise<Map<string, CardNote>> {
  const mayGo = applications.filter((a) => packetMayGoAgain(a));
  const cards = mayGo.length
    ? await receivedInsuranceCards(
        manager,
        mayGo.map((a) => a.id),
      )
    : [];
  const asked = mayGo.filter((a) =>
    cards.some((c) => c.applicationId === a.id && !cardOfCurrentPlan(c.receivedAt, planSince)),
  );
  if (asked.length) {
    await askInsuranceCardAgain(
      manager,
      asked.map((a) => a.id),
      TIMELINE_NOTES.cardOfPlanBefore,
    );
  }
  const card = documentLabel('INSURANCE_CARD');
  const notes = new Map<string, CardNote>();
  for (const a of mayGo) {
    const sent = !packetIsOpen(a);
    const wasAsked = asked.includes(a);
    if (planSince === null && !CHECKLIST_FOLLOWS_STATES.includes(a.state)) {
      const gone = await removeMissingItems(manager, a.id, { of: ['INSURANCE_CARD'] }, { keepMarkedItems: true });
      if (!gone.length) continue;
      const note = sent && wasAsked ? TIMELINE_NOTES.cardSentOfNoPlan(card) : TIMELINE_NOTES.checklistRemoved(card);
      notes.set(a.id, { note, details: { removed: 'INSURANCE_CARD' } });
    } else if (wasAsked) {
      const note = sent ? TIMELINE_NOTES.cardSentOfPlanBefore(card) : TIMELINE_NOTES.cardAskedAgain(card);
      notes.set(a.id, { note, details: { askedAgain: 'INSURANCE_CARD' } });
    }
  }
  return notes;
}
