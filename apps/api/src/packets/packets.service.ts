import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import {
  PRESCRIBER_MESSAGES,
  type PrescriberRequestStatus,
  type PrescriberSignaturePayload,
  type PrescriberSigningView,
} from '@rxbridge/contracts';
import { findProgram, formatCents, isTerminal, isValidNpi, stateLabel } from '@rxbridge/domain';
import {
  Application,
  ApplicationTransition,
  Doctor,
  Insurance,
  Prescription,
  PrescriberRequest,
  PrescriberSignature,
  User,
} from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
import { ApiError, badRequest, conflict, SETTINGS, type Settings } from '@rxbridge/platform';
import { PRESCRIBER_LINK_TTL_MS, prescriberSignToken, sha256 } from '@rxbridge/accounts';
import { applicationViews, EligibilityFactsStore, lockApplication } from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess, writeAudit } from '../common/record-access';
import { renderPacket, type PacketData } from './packet-pdf';

export interface PacketFile {
  fileName: string;
  body: Buffer;
}

/** Phones are stored as digits (optionally +1): the form shows them as people write them. */
const phone = (value: string | null) => {
  const d = (value ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : (value ?? '');
};
const gone = () => new ApiError(410, 'link-gone', PRESCRIBER_MESSAGES.linkGone);
const fileName = (applicationId: string | null) =>
  applicationId ? `rxbridge-packet-${applicationId.slice(0, 8)}.pdf` : 'rxbridge-blank-application.pdf';

/**
 * Application packets and the prescriber's online sign-off (docs/product.md §16). A packet is rendered on each
 * read from what the patient gave us; nothing of it is stored but the SHA-256 of the one a prescriber signed.
 */
@Injectable()
export class PacketsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** The patient's own packet; anyone else's id answers 404 like one that does not exist. */
  async forPatient(user: AuthUser, applicationId: string): Promise<PacketFile> {
    const app = await this.access.own(Application, applicationId, user, 'Application');
    return { fileName: fileName(app.id), body: Buffer.from(await this.render(this.db.manager, app)) };
  }

  /** A navigator's read of a packet, audited first (docs/architecture.md §9). */
  async forStaff(actor: AuthUser, applicationId: string): Promise<PacketFile> {
    return this.db.transaction(async (manager) => {
      const app = await lockApplication(manager, applicationId);
      await writeAudit(manager, actor, {
        action: 'application.packet_read',
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
      });
      return { fileName: fileName(app.id), body: Buffer.from(await this.render(manager, app)) };
    });
  }

  /** The blank packet of the DIY guide: every field left to fill in by hand. */
  async blank(): Promise<PacketFile> {
    const empty = { name: '', specialty: '', npi: '', address: '', phone: '' };
    const body = await renderPacket({
      program: null,
      prescription: { medication: '', dosage: '', frequency: '' },
      patient: { name: '', dateOfBirth: '', address: '', phone: '', email: '', householdSize: '', annualIncome: '' },
      insurance: null,
      prescriber: empty,
      checklist: [],
      signature: null,
      date: new Date(Date.UTC(2026, 0, 1)),
    });
    return { fileName: fileName(null), body: Buffer.from(body) };
  }

  /** A navigator mails the prescriber a single-use signing link; the worker sends it and arms the reminder. */
  async requestSignature(actor: AuthUser, applicationId: string, email: string): Promise<PrescriberRequestStatus> {
    return this.db.transaction(async (manager) => {
      const app = await lockApplication(manager, applicationId);
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
      await manager.insert(PrescriberRequest, {
        id,
        applicationId: app.id,
        email,
        tokenHash: sha256(prescriberSignToken(this.settings.JWT_SECRET, id)),
        requestedBy: actor.id,
        expiresAt: new Date(Date.now() + PRESCRIBER_LINK_TTL_MS),
      });
      const entry = await manager.save(
        ApplicationTransition,
        manager.create(ApplicationTransition, {
          applicationId: app.id,
          fromState: app.state,
          toState: app.state,
          actorId: actor.id,
          actorRole: actor.role,
          note: `Prescriber signature requested from ${email}`,
          details: { prescriberRequestId: id },
        }),
      );
      await appendToOutbox(
        manager,
        'application.prescriber_requested',
        { applicationId: app.id, userId: app.userId, requestId: id, transitionId: entry.id },
        app.userId,
      );
      const saved = await manager.findOneByOrFail(PrescriberRequest, { id });
      return toStatus(saved, null);
    });
  }

  /** What the signing page shows for a live link; a used, expired or unknown link answers 410. */
  async signingView(token: string): Promise<PrescriberSigningView> {
    const { request, app } = await this.openLink(this.db.manager, token, false);
    const [patient, prescription] = await Promise.all([
      this.db.manager.findOneByOrFail(User, { id: app.userId }),
      this.db.manager.findOneBy(Prescription, { id: app.prescriptionId, userId: app.userId }),
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
    return { fileName: fileName(app.id), body: Buffer.from(await this.render(this.db.manager, app)) };
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
      const app = await lockApplication(manager, request.applicationId);
      if (isTerminal(app.state))
        throw conflict(PRESCRIBER_MESSAGES.closed(stateLabel(app.state)), 'application-closed');
      const packet = await this.render(manager, app, { unsigned: true });
      await manager.update(PrescriberRequest, { applicationId: app.id, usedAt: IsNull() }, { usedAt: () => 'now()' });
      await manager.insert(PrescriberSignature, {
        applicationId: app.id,
        requestId: request.id,
        name: input.name,
        npi: input.npi,
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent.slice(0, 500),
        packetSha256: createHash('sha256').update(packet).digest('hex'),
      });
      const entry = await manager.save(
        ApplicationTransition,
        manager.create(ApplicationTransition, {
          applicationId: app.id,
          fromState: app.state,
          toState: app.state,
          actorId: null,
          actorRole: 'SYSTEM',
          note: `Prescriber signed: ${input.name}, NPI ${input.npi}`,
          details: { prescriberRequestId: request.id },
        }),
      );
      await appendToOutbox(
        manager,
        'application.prescriber_signed',
        { applicationId: app.id, userId: app.userId, requestId: request.id, transitionId: entry.id },
        app.userId,
      );
    });
  }

  private async openLink(
    manager: EntityManager,
    token: string,
    lock: boolean,
  ): Promise<{ request: PrescriberRequest; app: Application }> {
    const request = await manager.findOne(PrescriberRequest, {
      where: { tokenHash: sha256(token) },
      ...(lock && { lock: { mode: 'pessimistic_write' as const } }),
    });
    if (!request || request.usedAt || request.expiresAt.getTime() <= Date.now()) throw gone();
    const app = await manager.findOneBy(Application, { id: request.applicationId });
    if (!app || isTerminal(app.state)) throw gone();
    return { request, app };
  }

  /** Renders an application's packet; `unsigned` gives the one the prescriber read, whose hash they sign. */
  private async render(manager: EntityManager, app: Application, opts: { unsigned?: boolean } = {}) {
    return renderPacket(await this.packetData(manager, app, opts.unsigned ?? false));
  }

  private async packetData(manager: EntityManager, app: Application, unsigned: boolean): Promise<PacketData> {
    // One after another: inside a transaction the manager holds a single connection.
    const user = await manager.findOneByOrFail(User, { id: app.userId });
    const prescription = await manager.findOneBy(Prescription, { id: app.prescriptionId, userId: app.userId });
    const doctor = prescription?.doctorId
      ? await manager.findOneBy(Doctor, { id: prescription.doctorId, userId: app.userId })
      : null;
    const insurance = await manager.findOne(Insurance, {
      where: { userId: app.userId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    const facts = await this.facts.readOne(manager, app.userId);
    const [view] = await applicationViews(manager, [app], this.facts);
    const signature = unsigned
      ? null
      : await manager.findOne(PrescriberSignature, {
          where: { applicationId: app.id },
          order: { signedAt: 'DESC', id: 'DESC' },
        });
    const program = app.programId ? findProgram(app.programId) : undefined;
    return {
      program: program
        ? { name: program.name, manufacturer: program.manufacturer, sendTo: program.sendTo, website: program.website }
        : null,
      prescription: {
        medication: prescription?.medication ?? app.medication,
        dosage: prescription?.dosage ?? '',
        frequency: prescription?.frequency ?? '',
      },
      patient: {
        name: `${user.firstName} ${user.lastName}`,
        dateOfBirth: user.dateOfBirth,
        address: `${user.mailingStreet}, ${user.mailingCity}, ${user.mailingState} ${user.mailingZip}`,
        phone: phone(user.phone),
        email: user.email,
        householdSize: facts.householdSize === null ? '' : String(facts.householdSize),
        annualIncome: facts.annualIncomeCents === null ? '' : formatCents(facts.annualIncomeCents),
      },
      insurance: insurance
        ? {
            provider: insurance.provider,
            coverageType: insurance.coverageType,
            policyNumber: insurance.policyNumber ?? '',
            groupNumber: insurance.groupNumber ?? '',
          }
        : null,
      prescriber: doctor
        ? {
            name: `${doctor.firstName} ${doctor.lastName}`,
            specialty: doctor.specialty,
            npi: doctor.npiNumber ?? '',
            address: doctor.doctorAddress,
            phone: phone(doctor.phone),
          }
        : { name: '', specialty: '', npi: '', address: '', phone: '' },
      checklist: view.documents.map((d) => ({ label: d.label, received: d.status === 'RECEIVED' })),
      signature: signature
        ? { name: signature.name, npi: signature.npi, signedAt: signature.signedAt.toISOString() }
        : null,
      date: app.createdAt,
    };
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
