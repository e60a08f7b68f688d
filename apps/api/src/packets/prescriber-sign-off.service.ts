import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PRESCRIBER_MESSAGES,
  SUBMISSION_MESSAGES,
  type PrescriberRequestStatus,
  type PrescriberSignaturePayload,
  type PrescriberSigningView,
  type PrescriberTokenPayload,
} from '@rxbridge/contracts';
import {
  findProgram,
  isTerminal,
  isValidNpi,
  prescriberIdentifierErrors,
  requiredIdentifiers,
  stateLabel,
} from '@rxbridge/domain';
import type { Application, PrescriberRequest, PrescriberSignature } from '@rxbridge/database';
import { conflict, SETTINGS, type Settings } from '@rxbridge/platform';
import { PRESCRIBER_LINK_TTL_MS, prescriberSignToken, sha256 } from '@rxbridge/accounts';
import {
  appGoesAsPacket,
  applicationWithMedication,
  assertGoesAsPacket,
  assertPacketOpen,
  EligibilityFactsStore,
  insertPrescriberRequest,
  insertPrescriberSignature,
  noteOnApplication,
  prescribingDoctorOf,
  prescriptionOf,
  signedFactsDigest,
  spendPrescriberLinks,
  TIMELINE_NOTES,
  todaysFactHashes,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { packetFileName, PacketsService, type PacketFile } from './packets.service';
import { fieldsRefused, linkGone, openLink, openLinkWithBirthDate } from './prescriber-link';

/** The identifiers the application's program asks of the prescriber (docs/product.md §16). */
const prescriberFieldsOf = (app: Application) =>
  (app.programId ? findProgram(app.programId) : undefined)?.application.prescriberFields ?? [];

/**
 * The prescriber's online sign-off (docs/product.md §16): a navigator's request mails a single-use
 * link; the prescriber reads the packet through it and signs, binding the signature to the SHA-256
 * of the packet as read.
 */
@Injectable()
export class PrescriberSignOffService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(PacketsService) private readonly packets: PacketsService,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** A navigator mails the prescriber a single-use signing link; the worker sends it and arms the reminder. */
  async requestSignature(actor: AuthUser, applicationId: string, email: string): Promise<PrescriberRequestStatus> {
    return this.db.transaction(async (manager) => {
      const found = await applicationWithMedication(manager, applicationId, { lock: true });
      const { app } = found;
      if (isTerminal(app.state))
        throw conflict(PRESCRIBER_MESSAGES.closed(stateLabel(app.state)), 'application-closed');
      assertGoesAsPacket(app, SUBMISSION_MESSAGES.noPacket);
      assertPacketOpen(app, PRESCRIBER_MESSAGES.packetClosed);
      await writeAudit(manager, actor, {
        action: 'application.prescriber_requested',
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
      });
      // The id is chosen here so the token (an HMAC of it) is known before the row is written; only its hash is kept.
      const id = randomUUID();
      const saved = await insertPrescriberRequest(manager, {
        id,
        applicationId: app.id,
        email,
        tokenHash: sha256(prescriberSignToken(this.settings.JWT_SECRET, id)),
        requestedBy: actor.id,
        expiresAt: new Date(Date.now() + PRESCRIBER_LINK_TTL_MS),
      });
      await noteOnApplication(
        manager,
        found,
        {
          actorId: actor.id,
          actorRole: actor.role,
          note: TIMELINE_NOTES.prescriberRequested(email),
          details: { prescriberRequestId: id },
        },
        'application.prescriber_requested',
        { applicationId: app.id, userId: app.userId, requestId: id },
      );
      return toStatus(saved, null);
    });
  }

  /**
   * What the signing page shows for a live link, once the patient's date of birth is given; a used, expired or
   * unknown link answers 410.
   */
  async signingView(input: PrescriberTokenPayload): Promise<PrescriberSigningView> {
    const { request, app, patient } = await openLinkWithBirthDate(this.db, input.token, input.dateOfBirth);
    const prescription = await prescriptionOf(this.db.manager, app);
    const program = app.programId ? findProgram(app.programId) : undefined;
    const facts = (await todaysFactHashes(this.db.manager, [app], this.facts)).get(app.id)!;
    return {
      patientName: `${patient.firstName} ${patient.lastName}`,
      medication: prescription?.medication ?? app.medication,
      dosage: prescription?.dosage ?? '',
      frequency: prescription?.frequency ?? '',
      program: program ? { name: program.name, manufacturer: program.manufacturer } : null,
      prescriberFields: [...prescriberFieldsOf(app)],
      expiresAt: request.expiresAt.toISOString(),
      factsDigest: signedFactsDigest(facts),
    };
  }

  /** The packet the prescriber is asked to sign, read through the link (no account). */
  async forToken(input: PrescriberTokenPayload): Promise<PacketFile> {
    const { app } = await openLinkWithBirthDate(this.db, input.token, input.dateOfBirth);
    return { fileName: packetFileName(app.id), body: Buffer.from(await this.packetToSign(this.db.manager, app)) };
  }

  /**
   * The packet as the prescriber reads it and as its signature hashes it (docs/product.md §16): one rendering for both,
   * the unsigned packet (no signature block filled, neither the patient's nor an earlier prescriber's), whose bytes are
   * the same at every rendering of the same facts, so the SHA-256 kept is the one of the PDF the prescriber was served.
   */
  private packetToSign(manager: EntityManager, app: Application): Promise<Uint8Array> {
    return this.packets.render(manager, app, { unsigned: true });
  }

  /**
   * The prescriber signs: the link is spent (with every other open link of the application), the signature is kept
   * with its time, address, user agent, the identifiers the program asks for and the SHA-256 of the packet as read,
   * and the timeline and screens follow. The date of birth is checked first, outside the transaction (its count
   * must outlive a refusal).
   */
  async sign(input: PrescriberSignaturePayload, meta: { ip: string; userAgent: string }): Promise<void> {
    await openLinkWithBirthDate(this.db, input.token, input.dateOfBirth);
    await this.db.transaction(async (manager) => {
      // The application is locked before the link, as a navigator's signing request locks it: two prescribers signing
      // two links of one application at once queue on it (the second finds its link spent, 410), never deadlock.
      const opened = await openLink(manager, input.token, false);
      const found = await applicationWithMedication(manager, opened.request.applicationId, { lock: true });
      const { request } = await openLink(manager, input.token, true);
      const { app } = found;
      if (isTerminal(app.state))
        throw conflict(PRESCRIBER_MESSAGES.closed(stateLabel(app.state)), 'application-closed');
      assertPacketOpen(app, PRESCRIBER_MESSAGES.packetClosed);
      // Set to a copay card or a foundation since the link opened: spent like it (openLink, docs/product.md §15).
      if (!appGoesAsPacket(app)) throw linkGone();
      // What the signature binds (docs/product.md §17), as the page showed it: a change since is read again first.
      const facts = (await todaysFactHashes(manager, [app], this.facts)).get(app.id)!;
      if (signedFactsDigest(facts) !== input.factsDigest)
        throw conflict(PRESCRIBER_MESSAGES.factsChanged, 'facts-changed');
      const required = prescriberFieldsOf(app);
      const refused = { ...(await npiErrors(manager, app, input.npi)), ...prescriberIdentifierErrors(required, input) };
      if (Object.keys(refused).length) throw fieldsRefused(refused);
      const packet = await this.packetToSign(manager, app);
      await spendPrescriberLinks(manager, app.id);
      await insertPrescriberSignature(manager, {
        applicationId: app.id,
        requestId: request.id,
        name: input.name,
        npi: input.npi,
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent.slice(0, 500),
        packetSha256: createHash('sha256').update(packet).digest('hex'),
        ...requiredIdentifiers(required, input),
        // It stops being current once one of these changes.
        factsSha256: facts,
      });
      await noteOnApplication(
        manager,
        found,
        {
          actorId: null,
          actorRole: 'SYSTEM',
          note: TIMELINE_NOTES.prescriberSigned(input.name, input.npi),
          details: { prescriberRequestId: request.id },
        },
        'application.prescriber_signed',
        { applicationId: app.id, userId: app.userId, requestId: request.id },
      );
    });
  }
}

/**
 * A valid NPI, and the one of the doctor on file for the prescription when that doctor has one: a mismatch is for
 * the patient's care navigator to correct (docs/product.md §16).
 */
async function npiErrors(manager: EntityManager, app: Application, npi: string): Promise<Record<string, string>> {
  if (!isValidNpi(npi)) return { npi: PRESCRIBER_MESSAGES.badNpi(npi) };
  const doctor = await prescribingDoctorOf(manager, app);
  return doctor?.npiNumber && doctor.npiNumber !== npi ? { npi: PRESCRIBER_MESSAGES.npiMismatch(npi) } : {};
}

export function toStatus(r: PrescriberRequest, s: PrescriberSignature | null): PrescriberRequestStatus {
  return {
    email: r.email,
    sentAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    signedAt: s ? s.signedAt.toISOString() : null,
    signedBy: s ? s.name : null,
  };
}
