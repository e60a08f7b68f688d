import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { findProgram } from '@rxbridge/domain';
import { Application } from '@rxbridge/database';
import {
  applicationViews,
  EligibilityFactsStore,
  latestPatientSignature,
  latestPrescriberSignature,
  lockApplication,
  packetFacts,
  packetSources,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess, writeAudit } from '../common/record-access';
import { renderPacket, type PacketData } from './packet-pdf';

export interface PacketFile {
  fileName: string;
  body: Buffer;
}

export const packetFileName = (applicationId: string | null) =>
  applicationId ? `rxbridge-packet-${applicationId.slice(0, 8)}.pdf` : 'rxbridge-blank-application.pdf';

/**
 * Application packets (docs/product.md §16), rendered on each read from what the patient gave us;
 * nothing of one is stored but the SHA-256 of the one a prescriber signed (PrescriberSignOffService).
 */
@Injectable()
export class PacketsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** The patient's own packet; anyone else's id answers 404 like one that does not exist. */
  async forPatient(user: AuthUser, applicationId: string): Promise<PacketFile> {
    const app = await this.access.own(Application, applicationId, user, 'Application');
    return { fileName: packetFileName(app.id), body: Buffer.from(await this.render(this.db.manager, app)) };
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
      return { fileName: packetFileName(app.id), body: Buffer.from(await this.render(manager, app)) };
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
      patientSignature: null,
      date: new Date(Date.UTC(2026, 0, 1)),
    });
    return { fileName: packetFileName(null), body: Buffer.from(body) };
  }

  /** Renders an application's packet; `unsigned` gives the one the prescriber read, whose hash they sign. */
  async render(manager: EntityManager, app: Application, opts: { unsigned?: boolean } = {}) {
    return renderPacket(await this.packetData(manager, app, opts.unsigned ?? false));
  }

  private async packetData(manager: EntityManager, app: Application, unsigned: boolean): Promise<PacketData> {
    const facts = packetFacts(app, await packetSources(manager, app), await this.facts.readOne(manager, app.userId));
    const [view] = await applicationViews(manager, [app], this.facts);
    const signature = unsigned ? null : await latestPrescriberSignature(manager, app.id);
    const patientSignature = unsigned ? null : await latestPatientSignature(manager, app.id);
    const program = app.programId ? findProgram(app.programId) : undefined;
    return {
      ...facts,
      program: program
        ? {
            name: program.name,
            manufacturer: program.manufacturer,
            sendTo: program.application.submitTo.mail,
            website: program.website,
          }
        : null,
      checklist: view.documents.map((d) => ({ label: d.label, received: d.status === 'RECEIVED' })),
      signature: signature
        ? {
            name: signature.name,
            npi: signature.npi,
            signedAt: signature.signedAt.toISOString(),
            current: view.signatures.prescriber?.current ?? true,
          }
        : null,
      patientSignature: patientSignature
        ? {
            name: patientSignature.name,
            signedAt: patientSignature.signedAt.toISOString(),
            current: view.signatures.patient?.current ?? true,
          }
        : null,
      date: app.createdAt,
    };
  }
}
