import type { EntityManager } from 'typeorm';
import { SIGNATURE_MESSAGES, type PatientSignaturePayload, type ShipToChoice } from '@rxbridge/contracts';
import { findProgram, isTerminal, SHIP_TO_LABELS, stateLabel } from '@rxbridge/domain';
import { badRequest, conflict } from '@rxbridge/platform';
import { applicationWithMedication } from './application-state.repository';
import { noteOnApplication } from './application-notes';
import type { EligibilityFactsStore } from './eligibility-facts';
import { packetFacts, signedFactHashes } from './packet-facts';
import { packetSources } from './packet.repository';
import { insertPatientSignature } from './signatures.repository';
import { assertGoesAsPacket, assertPacketOpen } from './signatures';
import { setShipTo } from './applications.repository';
import { TIMELINE_NOTES } from './timeline-notes';

/** Case and spacing do not count when the typed name is compared with the profile's (docs/product.md §17). */
const comparable = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/**
 * The patient signs their own application (docs/product.md §17), in the caller's transaction, the application already
 * known to be theirs: the typed name must be their first and last name; the signature keeps the hashes of the facts
 * the packet prints now, and the timeline entry and its push follow (docs/architecture.md §8).
 */
export async function signAsPatient(
  manager: EntityManager,
  applicationId: string,
  input: PatientSignaturePayload,
  meta: { ip: string; userAgent: string; facts: EligibilityFactsStore },
): Promise<void> {
  const found = await applicationWithMedication(manager, applicationId, { lock: true });
  const { app } = found;
  if (isTerminal(app.state)) throw conflict(SIGNATURE_MESSAGES.closed(stateLabel(app.state)), 'application-closed');
  assertGoesAsPacket(app, SIGNATURE_MESSAGES.noPacket);
  assertPacketOpen(app, SIGNATURE_MESSAGES.packetClosed);
  const sources = await packetSources(manager, app);
  if (comparable(input.name) !== comparable(`${sources.user.firstName}${sources.user.lastName}`)) {
    throw badRequest(SIGNATURE_MESSAGES.nameMismatch, { name: SIGNATURE_MESSAGES.nameMismatch }, 'validation-failed');
  }
  const facts = packetFacts(app, sources, await meta.facts.readOne(manager, app.userId));
  const signature = await insertPatientSignature(manager, {
    applicationId: app.id,
    userId: app.userId,
    name: input.name,
    ipAddress: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 500),
    factsSha256: signedFactHashes(facts),
  });
  await noteOnApplication(
    manager,
    found,
    {
      actorId: app.userId,
      actorRole: 'USER',
      note: TIMELINE_NOTES.patientSigned,
      details: { patientSignatureId: signature.id },
    },
    'application.patient_signed',
    { applicationId: app.id, userId: app.userId },
  );
}

/**
 * The patient chooses where the medication ships (docs/product.md §17), in the caller's transaction, the application
 * known to be theirs: only a place the program offers (else 400 naming `shipTo`); the timeline says it and the screens
 * are told.
 */
export async function chooseShipTo(manager: EntityManager, applicationId: string, shipTo: ShipToChoice): Promise<void> {
  const found = await applicationWithMedication(manager, applicationId, { lock: true });
  const { app } = found;
  if (isTerminal(app.state)) throw conflict(SIGNATURE_MESSAGES.closed(stateLabel(app.state)), 'application-closed');
  assertPacketOpen(app, SIGNATURE_MESSAGES.packetClosed);
  const program = app.programId ? findProgram(app.programId) : undefined;
  if (!program?.application.shipTo.includes(shipTo)) {
    const message = SIGNATURE_MESSAGES.shipToNotOffered;
    throw badRequest(message, { shipTo: message }, 'validation-failed');
  }
  await setShipTo(manager, app.id, shipTo);
  await noteOnApplication(
    manager,
    found,
    {
      actorId: app.userId,
      actorRole: 'USER',
      note: TIMELINE_NOTES.shipTo(SHIP_TO_LABELS[shipTo]),
      details: { shipTo },
    },
    'application.ship_to_set',
    { applicationId: app.id, userId: app.userId },
  );
}
