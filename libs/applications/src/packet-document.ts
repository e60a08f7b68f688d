import type { EntityManager } from 'typeorm';
import { findProgram } from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { applicationViews } from './application-views';
import type { EligibilityFactsStore } from './eligibility-facts';
import { packetFacts } from './packet-facts';
import { renderPacket, type PacketAttachment, type PacketData } from './packet-pdf';
import { packetSources } from './packet.repository';
import { latestPatientSignature } from './signatures.repository';
import { latestPrescriberSignature } from './prescriber.repository';
import { printedIdentifiers } from './prescriber-identifiers';

/**
 * What an application's packet prints (docs/product.md §16, §17), read now: the facts, the checklist and each
 * signature, or "re-sign needed" for one no longer current. `unsigned` gives the packet as a prescriber reads it to
 * sign, whose SHA-256 the signature keeps. Shared by the API (downloads) and the worker (the fax).
 */
export async function packetData(
  manager: EntityManager,
  app: Application,
  store: EligibilityFactsStore,
  { unsigned = false }: { unsigned?: boolean } = {},
): Promise<PacketData> {
  const sources = await packetSources(manager, app);
  const facts = packetFacts(app, sources, await store.readOne(manager, app.userId));
  const language = sources.user.preferredLanguage;
  const [view] = await applicationViews(manager, [app], store, language);
  const prescriber = unsigned ? null : await latestPrescriberSignature(manager, app.id);
  const patient = unsigned ? null : await latestPatientSignature(manager, app.id);
  const program = app.programId ? findProgram(app.programId) : undefined;
  return {
    ...facts,
    program: program
      ? {
          name: program.name,
          manufacturer: program.manufacturer,
          fax: program.application.submitTo.fax,
          sendTo: program.application.submitTo.mail,
          website: program.website,
        }
      : null,
    prescriberIdentifiers: printedIdentifiers(program?.application.prescriberFields ?? [], prescriber),
    language,
    // The view names each item in the patient's language (the program's own wording in English).
    checklist: view.documents.map((d) => ({ label: d.label, received: d.status === 'RECEIVED' })),
    signature: prescriber && {
      name: prescriber.name,
      npi: prescriber.npi,
      signedAt: prescriber.signedAt.toISOString(),
      current: view.signatures.prescriber?.current ?? true,
    },
    patientSignature: patient && {
      name: patient.name,
      signedAt: patient.signedAt.toISOString(),
      current: view.signatures.patient?.current ?? true,
    },
    inkSignature: view.inkSignatureNeeded,
    date: app.createdAt,
  };
}

/** The packet's PDF, with the received documents' pages after it when given (the fax). */
export async function renderApplicationPacket(
  manager: EntityManager,
  app: Application,
  store: EligibilityFactsStore,
  opts: { unsigned?: boolean; attachments?: readonly PacketAttachment[] } = {},
): Promise<Uint8Array> {
  return renderPacket(await packetData(manager, app, store, opts), opts.attachments);
}
