import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PRESCRIBER_MESSAGES,
  type PrescriberRequestStatus,
  type PrescriberSignaturePayload,
  type PrescriberSigningView,
} from '@rxbridge/contracts';
import { findProgram, isTerminal, isValidNpi, stateLabel } from '@rxbridge/domain';
import type { Application, PrescriberRequest, PrescriberSignature } from '@rxbridge/database';
import { ApiError, badRequest, conflict, SETTINGS, type Settings } from '@rxbridge/platform';
import { PRESCRIBER_LINK_TTL_MS, prescriberSignToken, sha256 } from '@rxbridge/accounts';
import {
  applicationWithMedication,
  EligibilityFactsStore,
  insertPrescriberRequest,
  insertPrescriberSignature,
  noteOnApplication,
  patientOf,
  prescriberRequestByTokenHash,
  prescriptionOf,
  readApplications,
  spendPrescriberLinks,
  todaysFactHashes,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { packetFileName, PacketsService, type PacketFile } from './packets.service';

const gone = () => new ApiError(410, 'link-gone', PRESCRIBER_MESSAGES.linkGone);

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
          note: `Prescriber signature requested from ${email}`,
          details: { prescriberRequestId: id },
        },
        'application.prescriber_requested',
        { applicationId: app.id, userId: app.userId, requestId: id },
      );
      return toStatus(saved, null);
    });
  }

  /** What the signing page shows for a live link; a used, expired or unknown link answers 410. */
  async signingView(token: string): Promise<PrescriberSigningView> {
    const { request, app } = await this.openLink(this.db.manager, token, false);
    const [patient, prescription] = await Promise.all([
      patientOf(this.db.manager, app),
      prescriptionOf(this.db.manager, app),
    ]);
    const program = app.programId ? findProgram(app.programId) : undefined;
    return {
      patientName: `${patient.firstName} ${patient.lastName}`,
      medication: prescription?.medication ?? app.medication,
      dosage: prescription?.dosage ?? '',
      frequency: prescription?.frequency ?? '',
      program: program ? { name: program.name, manufacturer: program.manufacturer } : null,
      expiresAt: request.expiresAt.toISOString(),
    };
  }

  /** The packet the prescriber is asked to sign, read through the link (no account). */
  async forToken(token: string): Promise<PacketFile> {
    const { app } = await this.openLink(this.db.manager, token, false);
    return { fileName: packetFileName(app.id), body: Buffer.from(await this.packets.render(this.db.manager, app)) };
  }

  /**
   * The prescriber signs: the link is spent (with every other open link of the application), the signature is kept
   * with its time, address, user agent and the SHA-256 of the packet as read, and the timeline and screens follow.
   */
  async sign(input: PrescriberSignaturePayload, meta: { ip: string; userAgent: string }): Promise<void> {
    await this.db.transaction(async (manager) => {
      const { request } = await this.openLink(manager, input.token, true);
      if (!isValidNpi(input.npi)) {
        const message = PRESCRIBER_MESSAGES.badNpi(input.npi);
        throw badRequest(message, { npi: message }, 'validation-failed');
      }
      const found = await applicationWithMedication(manager, request.applicationId, { lock: true });
      const { app } = found;
      if (isTerminal(app.state))
        throw conflict(PRESCRIBER_MESSAGES.closed(stateLabel(app.state)), 'application-closed');
      const packet = await this.packets.render(manager, app, { unsigned: true });
      await spendPrescriberLinks(manager, app.id);
      await insertPrescriberSignature(manager, {
        applicationId: app.id,
        requestId: request.id,
        name: input.name,
        npi: input.npi,
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent.slice(0, 500),
        packetSha256: createHash('sha256').update(packet).digest('hex'),
        // What the signature binds (docs/product.md §17): it stops being current once one of these changes.
        factsSha256: (await todaysFactHashes(manager, [app], this.facts)).get(app.id)!,
      });
      await noteOnApplication(
        manager,
        found,
        {
          actorId: null,
          actorRole: 'SYSTEM',
          note: `Prescriber signed: ${input.name}, NPI ${input.npi}`,
          details: { prescriberRequestId: request.id },
        },
        'application.prescriber_signed',
        { applicationId: app.id, userId: app.userId, requestId: request.id },
      );
    });
  }

  private async openLink(
    manager: EntityManager,
    token: string,
    lock: boolean,
  ): Promise<{ request: PrescriberRequest; app: Application }> {
    const request = await prescriberRequestByTokenHash(manager, sha256(token), { lock });
    if (!request || request.usedAt || request.expiresAt.getTime() <= Date.now()) throw gone();
    const [app] = await readApplications(manager, [request.applicationId]);
    if (!app || isTerminal(app.state)) throw gone();
    return { request, app };
  }
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
