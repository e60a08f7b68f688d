import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { currentFaxPacket, EligibilityFactsStore, findSubmission, recordFaxOutcome } from '@rxbridge/applications';
import type { ApplicationSubmission } from '@rxbridge/database';
import { DOCUMENT_STORAGE, DocumentCipher, type DocumentStorage } from '@rxbridge/documents';
import type { DomainEvent } from '@rxbridge/events';
import { decodeEncryptionKey, redactJobError, SETTINGS, type Settings } from '@rxbridge/platform';
import { Mailer } from '../email/mailer';
import type { RenderedEmail } from '../email/templates';
import { EffectLedger } from '../queue/effect-ledger';
import type { HandlerMap } from '../queue/handler-map';

/** `+18005551234` → `18005551234@{domain}`: the email-to-fax gateway's address for a number (docs/product.md §17). */
export const faxAddress = (e164: string, domain: string) => `${e164.replace(/\D/g, '')}@${domain}`;

/**
 * Faxes an application's packet to its program through the email-to-fax gateway (docs/product.md §17,
 * docs/architecture.md §16): one email per attempt carrying the packet with the patient's received documents as
 * pages. The email is an effect of the ledger (key per submission and attempt), committed before the outcome is
 * written, so a worker killed after sending finds the effect done on redelivery and only records the outcome.
 */
@Injectable()
export class FaxSender {
  private readonly logger = new Logger('FaxSender');
  private readonly cipher: DocumentCipher;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
  ) {
    this.cipher = new DocumentCipher(decodeEncryptionKey(settings.DOCUMENTS_ENCRYPTION_KEY)!);
  }

  readonly handlers: HandlerMap = {
    'application.fax_queued': (e) => this.send(e),
  };

  private async send(e: DomainEvent<'application.fax_queued'>): Promise<void> {
    const { submissionId, attempt } = e.payload;
    const submission = await findSubmission(this.db.manager, submissionId);
    if (!submission || submission.attempt !== attempt) return;
    const key = `fax:${submissionId}:${attempt}`;
    // A redelivered job whose fax went (its key done) only records it SENT, whatever changed since: "still wanted?"
    // is asked before a first send only (docs/architecture.md §16).
    if (submission.status === 'QUEUED' && !(await this.ledger.done(key))) {
      const unsent = await this.firstSend(submission, key);
      if (unsent) {
        await this.db.transaction((m) => recordFaxOutcome(m, submissionId, attempt, { sent: false, ...unsent }));
        return;
      }
    }
    await this.db.transaction((m) => recordFaxOutcome(m, submissionId, attempt, { sent: true }));
  }

  /**
   * Sends the fax unless it is no longer wanted: why it did not go (with the document the renderer could not turn into
   * pages, when that is why), or null once it went. The packet is read, rendered
   * and found still current (currentFaxPacket) before the ledger's transaction, which holds a pooled connection while
   * it sends: inside it only the email, no read through another connection (docs/architecture.md §11, §16).
   */
  private async firstSend(
    submission: ApplicationSubmission,
    key: string,
  ): Promise<{ reason: string; unfaxableDocumentId?: string } | null> {
    let taken = false;
    try {
      const packet = await currentFaxPacket(this.db.manager, submission, this.facts, async (doc) =>
        this.cipher.open(await this.storage.get(doc.storageKey), doc.id),
      );
      if ('notSent' in packet) return { reason: packet.notSent, unfaxableDocumentId: packet.unfaxableDocumentId };
      const to = faxAddress(submission.toAddress, this.settings.FAX_GATEWAY_DOMAIN);
      await this.ledger.once(key, async () => {
        await this.mailer.send(to, faxEmail(submission.applicationId, packet.pdf));
        taken = true;
      });
      return null;
    } catch (err) {
      // The gateway took it and only the ledger's commit failed: it went, and a Failed shown to the navigator would
      // invite a Retry, a second fax at the program's desk (docs/architecture.md §16).
      if (taken) {
        this.logger.warn({ submissionId: submission.id, attempt: submission.attempt }, 'fax sent; its ledger failed');
        return null;
      }
      // No health data in the log nor on the navigator's screen: the answer without its quoted values,
      // addresses and numbers (the packet's rendering or its documents may fail too, not only the gateway).
      const reason = redactJobError(err instanceof Error ? err.message : String(err));
      this.logger.warn({ submissionId: submission.id, attempt: submission.attempt, reason }, 'fax not sent');
      return { reason };
    }
  }
}

/** The email carrying the packet. Its subject and body name no patient and no medication (docs/product.md §11). */
function faxEmail(applicationId: string, pdf: Uint8Array): RenderedEmail {
  return {
    subject: `RxBridge application ${applicationId.slice(0, 8)}`,
    text: 'Patient assistance application packet attached (PDF).',
    html: '<p>Patient assistance application packet attached (PDF).</p>',
    attachments: [{ filename: `rxbridge-packet-${applicationId.slice(0, 8)}.pdf`, content: Buffer.from(pdf) }],
  };
}
