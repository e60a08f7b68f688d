import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Application } from '@rxbridge/database';
import { EligibilityFactsStore, lockApplication, renderApplicationPacket, renderPacket } from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess, writeAudit } from '../common/record-access';

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

  private blankPacket?: Promise<PacketFile>;

  /**
   * The blank packet of the DIY guide: every field left to fill in by hand. It is public and always the
   * same, so it is rendered once per process and served from memory (docs/architecture.md §13 limits).
   */
  blank(): Promise<PacketFile> {
    this.blankPacket ??= this.renderBlank().catch((err: unknown) => {
      this.blankPacket = undefined;
      throw err;
    });
    return this.blankPacket;
  }

  private async renderBlank(): Promise<PacketFile> {
    const empty = { name: '', specialty: '', npi: '', address: '', phone: '' };
    const body = await renderPacket({
      program: null,
      prescription: { medication: '', dosage: '', frequency: '', diagnosisCode: '', quantity: '', daysSupply: '' },
      patient: { name: '', dateOfBirth: '', address: '', phone: '', email: '', householdSize: '', annualIncome: '' },
      insurance: null,
      prescriber: empty,
      shipTo: '',
      // Public, with no patient yet: the DIY guide's packet is in English.
      language: 'en',
      checklist: [],
      signature: null,
      patientSignature: null,
      date: new Date(Date.UTC(2026, 0, 1)),
    });
    return { fileName: packetFileName(null), body: Buffer.from(body) };
  }

  /** Renders an application's packet; `unsigned` gives the one the prescriber read, whose hash they sign. */
  render(manager: EntityManager, app: Application, opts: { unsigned?: boolean } = {}) {
    return renderApplicationPacket(manager, app, this.facts, opts);
  }
}
