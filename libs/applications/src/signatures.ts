import type { EntityManager } from 'typeorm';
import type { ApplicationSignatures } from '@rxbridge/contracts';
import {
  findCatalogueEntry,
  goesAsPacket,
  packetIsOpen,
  signatureIsCurrent,
  stateLabel,
  type SignedFacts,
} from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { conflict } from '@rxbridge/platform';
import type { EligibilityFactsStore } from './eligibility-facts';
import { packetFacts, signedFactHashes } from './packet-facts';
import { packetSourcesOf } from './packet.repository';
import type { SignatureRow } from './signatures.repository';

/**
 * Whether the application goes to its program as a signed packet: a maker's program, or none yet, does; a copay card
 * or a foundation does not, the patient enrolls on the sponsor's page (docs/product.md §15, `goesAsPacket`). The one
 * rule behind signing, asking the prescriber, their link and its reminder, and sending.
 */
export function appGoesAsPacket(app: Pick<Application, 'programId'>): boolean {
  const entry = app.programId ? findCatalogueEntry(app.programId) : undefined;
  return !entry || goesAsPacket(entry.kind);
}

/**
 * Refuses (409 `no-packet`, with `message(name)`) to sign, request a signature for or send an application whose program
 * is a copay card or a foundation (`appGoesAsPacket`): no packet goes anywhere.
 */
export function assertGoesAsPacket(app: Application, message: (name: string) => string): void {
  if (!appGoesAsPacket(app)) throw conflict(message(findCatalogueEntry(app.programId!)!.name), 'no-packet');
}

/**
 * Refuses (409 `packet-closed`, with `message(label)`) to sign, choose where to ship or request a prescriber's
 * signature once the packet is closed: with the program, decided or enrolled (docs/product.md §17, `packetIsOpen`).
 * A renewal is an application of its own, whose packet is open again.
 */
export function assertPacketOpen(app: Application, message: (label: string) => string): void {
  if (!packetIsOpen(app)) throw conflict(message(stateLabel(app.state)), 'packet-closed');
}

const NO_SIGNATURES: ApplicationSignatures = { patient: null, prescriber: null };

/**
 * Each application's signatures (`rows`: the latest of each signer, LATEST_SIGNATURES_SQL) and whether they still hold
 * (docs/product.md §17, docs/architecture.md §16): the hashes each signature kept are compared with those of today's
 * facts, read here. Applications nobody signed cost no statement; the facts are read (four statements and the sealed
 * facts) only for signed ones.
 */
export async function signaturesOf(
  manager: EntityManager,
  apps: Application[],
  facts: EligibilityFactsStore,
  rows: SignatureRow[],
): Promise<Map<string, ApplicationSignatures>> {
  const views = new Map<string, ApplicationSignatures>(apps.map((a) => [a.id, { ...NO_SIGNATURES }]));
  if (!rows.length) return views;
  const signed = apps.filter((a) => rows.some((r) => r.applicationId === a.id));
  const today = await todaysFactHashes(manager, signed, facts);
  for (const r of rows) {
    const current = signatureIsCurrent(r.factsSha256, today.get(r.applicationId)!);
    const view = views.get(r.applicationId)!;
    const signedAt = new Date(r.signedAt).toISOString();
    if (r.signer === 'PATIENT') view.patient = { signedAt, current };
    else view.prescriber = { signedAt, signedBy: r.signedBy, current };
  }
  return views;
}

/** The hashes of each application's facts as its packet would print them now. */
export async function todaysFactHashes(
  manager: EntityManager,
  apps: Application[],
  facts: EligibilityFactsStore,
): Promise<Map<string, SignedFacts>> {
  const sources = await packetSourcesOf(manager, apps);
  const household = await facts.read(
    manager,
    apps.map((a) => a.userId),
  );
  return new Map(
    apps.map((a) => [a.id, signedFactHashes(packetFacts(a, sources.get(a.id)!, household.get(a.userId) ?? null))]),
  );
}
