import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { findProgram, formatCents } from '@rxbridge/domain';
import { Application } from '@rxbridge/database';
import {
  applicationViews,
  EligibilityFactsStore,
  latestPrescriberSignature,
  lockApplication,
  packetSources,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess, writeAudit } from '../common/record-access';
import { renderPacket, type PacketData } from './packet-pdf';
import { printedIdentifiers } from './prescriber-identifiers';

export interface PacketFile {
  fileName: string;
  body: Buffer;
}

/** Phones are stored as digits (optionally +1): the form shows them as people write them. */
const phone = (value: string | null) => {
  const d = (value ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : (value ?? '');
};
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
      date: new Date(Date.UTC(2026, 0, 1)),
    });
    return { fileName: packetFileName(null), body: Buffer.from(body) };
  }

  /** Renders an application's packet; `unsigned` gives the one the prescriber read, whose hash they sign. */
  async render(manager: EntityManager, app: Application, opts: { unsigned?: boolean } = {}) {
    return renderPacket(await this.packetData(manager, app, opts.unsigned ?? false));
  }

  private async packetData(manager: EntityManager, app: Application, unsigned: boolean): Promise<PacketData> {
    const { user, prescription, doctor, insurance } = await packetSources(manager, app);
    const facts = await this.facts.readOne(manager, app.userId);
    const [view] = await applicationViews(manager, [app], this.facts);
    const signature = unsigned ? null : await latestPrescriberSignature(manager, app.id);
    const program = app.programId ? findProgram(app.programId) : undefined;
    return {
      program: program
        ? {
            name: program.name,
            manufacturer: program.manufacturer,
            sendTo: program.application.submitTo.mail,
            website: program.website,
          }
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
      prescriberIdentifiers: printedIdentifiers(program?.application.prescriberFields ?? [], signature),
      checklist: view.documents.map((d) => ({ label: d.label, received: d.status === 'RECEIVED' })),
      signature: signature
        ? { name: signature.name, npi: signature.npi, signedAt: signature.signedAt.toISOString() }
        : null,
      date: app.createdAt,
    };
  }
}
