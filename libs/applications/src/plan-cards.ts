import type { EntityManager } from 'typeorm';
import { APPLICATION_STATES } from '@rxbridge/contracts';
import { cardOfCurrentPlan, documentLabel, packetIsOpen, packetMayGoAgain, type PacketHolder } from '@rxbridge/domain';
import { askInsuranceCardAgain, receivedInsuranceCards } from './checklist.repository';
import { TIMELINE_NOTES } from './timeline-notes';

/** The states of an application whose packet may still go out (packetMayGoAgain): their card follows the plan. */
export const CARD_FOLLOWS_PLAN_STATES = APPLICATION_STATES.filter((state) =>
  packetMayGoAgain({ state, enrollmentEndDate: null }),
);

/**
 * The insurance card on the patient's applications follows their plan (docs/product.md §5): on each application whose
 * packet may still go out (packetMayGoAgain; the caller locked them), a card received before the patient's plan
 * began (`planSince`, cardOfCurrentPlan) is asked for again. Answers, per application asked again, its timeline note:
 * while the packet is open the patient is asked for the new card; one with the program keeps its packet as sent and
 * asks nothing now, and the note tells the navigator the program has the card of the plan before. Run twice, it
 * changes nothing the second time.
 */
export async function askAgainForCardOfPlan(
  manager: EntityManager,
  applications: (PacketHolder & { id: string })[],
  planSince: Date | null,
): Promise<Map<string, string>> {
  const mayGo = applications.filter((a) => packetMayGoAgain(a));
  if (!mayGo.length) return new Map();
  const cards = await receivedInsuranceCards(
    manager,
    mayGo.map((a) => a.id),
  );
  const asked = mayGo.filter((a) =>
    cards.some((c) => c.applicationId === a.id && !cardOfCurrentPlan(c.receivedAt, planSince)),
  );
  if (!asked.length) return new Map();
  await askInsuranceCardAgain(
    manager,
    asked.map((a) => a.id),
    TIMELINE_NOTES.cardOfPlanBefore,
  );
  const card = documentLabel('INSURANCE_CARD');
  return new Map(
    asked.map((a) => [
      a.id,
      packetIsOpen(a) ? TIMELINE_NOTES.cardAskedAgain(card) : TIMELINE_NOTES.cardSentOfPlanBefore(card),
    ]),
  );
}
