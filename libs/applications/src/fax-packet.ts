import type { EntityManager } from 'typeorm';
import { SUBMISSION_MESSAGES } from '@rxbridge/contracts';
import type { ApplicationSubmission, PatientDocument } from '@rxbridge/database';
import { readApplications } from './application-state.repository';
import type { EligibilityFactsStore } from './eligibility-facts';
import { UnfaxableDocumentError } from './faxable-documents';
import { renderApplicationPacket } from './packet-document';
import { faxNoLongerWanted } from './submit-application';
import { receivedDocumentsOf } from './submissions.repository';

/** A received document's file, opened (the worker's storage read and decryption). */
export type ReadDocumentFile = (doc: Pick<PatientDocument, 'id' | 'storageKey'>) => Promise<Uint8Array>;

/** How many times a packet whose received documents keep changing under it is rendered before the fax gives up. */
export const FAX_PACKET_ROUNDS = 3;

/**
 * The packet to fax, or why it must not go (a reason the navigator reads, SUBMISSION_MESSAGES), with the document the
 * renderer could not turn into pages when that is why.
 */
export type FaxPacket = { pdf: Uint8Array } | { notSent: string; unfaxableDocumentId?: string };

type Submission = Pick<ApplicationSubmission, 'applicationId' | 'toAddress'>;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
const receivedIds = async (manager: EntityManager, applicationId: string) =>
  (await receivedDocumentsOf(manager, applicationId)).map((d) => d.id);

/**
 * A queued fax's packet, read and rendered with the received documents' pages, and still current when rendered
 * (docs/architecture.md §16): asked before (faxNoLongerWanted: nothing read for a fax that no longer goes) and again
 * after the rendering, with the received documents read again. A document the patient deleted or replaced meanwhile
 * never leaves in a packet that lacks it or still holds it: a deletion makes the packet incomplete (its item is asked
 * for again, docs/product.md §6.4), a replacement renders it again, at most FAX_PACKET_ROUNDS times, then the fax
 * waits for the navigator's Retry as incomplete. A read or rendering that throws (a file deleted under it) gives the
 * clear reason when there is one, reads again when the documents changed, names a document that cannot become pages
 * (a damaged or password-protected PDF: not sent, the document given back to be recorded unfaxable, so that the
 * patient is asked for it again, docs/product.md §17), and throws otherwise. Reads only,
 * through `manager`, outside any transaction: the caller sends right after, in the effect ledger's (a change after
 * the last check is one after the send).
 */
export async function currentFaxPacket(
  manager: EntityManager,
  submission: Submission,
  facts: EligibilityFactsStore,
  readFile: ReadDocumentFile,
): Promise<FaxPacket> {
  const unwanted = await faxNoLongerWanted(manager, submission, facts);
  if (unwanted) return { notSent: unwanted };
  for (let round = 1; round <= FAX_PACKET_ROUNDS; round++) {
    let rendered: string[] | null = null;
    try {
      const [app] = await readApplications(manager, [submission.applicationId]);
      const docs = await receivedDocumentsOf(manager, app.id);
      rendered = docs.map((d) => d.id);
      const attachments = [];
      for (const doc of docs)
        attachments.push({ bytes: await readFile(doc), mimeType: doc.mimeType, title: doc.title, documentId: doc.id });
      const pdf = await renderApplicationPacket(manager, app, facts, { attachments });
      const since = await faxNoLongerWanted(manager, submission, facts);
      if (since) return { notSent: since };
      if (sameIds(rendered, await receivedIds(manager, app.id))) return { pdf };
    } catch (err) {
      const since = await faxNoLongerWanted(manager, submission, facts);
      if (since) return { notSent: since };
      // Still wanted: a set that changed under the read is read again; a document that cannot become pages is named
      // (never a fax without it, docs/product.md §17); anything else is the error itself.
      if (rendered && !sameIds(rendered, await receivedIds(manager, submission.applicationId))) continue;
      if (err instanceof UnfaxableDocumentError)
        return {
          notSent: SUBMISSION_MESSAGES.faxNotSentUnreadable(err.title),
          ...(err.documentId && { unfaxableDocumentId: err.documentId }),
        };
      throw err;
    }
  }
  return { notSent: SUBMISSION_MESSAGES.faxNotSentIncomplete };
}
