import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  RECORD_MESSAGES,
  type PrescriptionPayload,
  type PrescriptionsAddedAnswer,
  type PrescriptionView,
} from '@rxbridge/contracts';
import { Prescription } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
import { MAX_PRESCRIPTIONS } from '@rxbridge/domain';
import { badRequest, conflict } from '@rxbridge/platform';
import {
  deletePrescription,
  insertPrescriptions,
  lockedPrescriptionCount,
  lockOwnDoctorIds,
  prescriptionViews,
  updatePrescription,
} from '@rxbridge/records';
import type { AuthUser } from '../../common/auth.guard';
import { RecordAccess } from '../../common/record-access';
import { BillingService } from '../../billing/billing.service';

@Injectable()
export class PrescriptionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(BillingService) private readonly billing: BillingService,
  ) {}

  async list(userId: string, manager: EntityManager = this.db.manager): Promise<PrescriptionView[]> {
    return prescriptionViews(manager, userId);
  }

  /** All rows or none, with the `prescription.added` event in the same transaction. */
  async createMany(userId: string, input: PrescriptionPayload[]): Promise<PrescriptionsAddedAnswer> {
    const ids = await this.db.transaction(async (manager) => {
      // A plan covers at most MAX_PRESCRIPTIONS (docs/product.md §3); the count is held until the rows are in.
      if ((await lockedPrescriptionCount(manager, userId)) + input.length > MAX_PRESCRIPTIONS) {
        throw conflict(RECORD_MESSAGES.tooManyPrescriptions(MAX_PRESCRIPTIONS), 'prescription-limit');
      }
      await this.checkDoctors(manager, userId, input);
      const ids = await insertPrescriptions(manager, userId, input);
      await appendToOutbox(manager, 'prescription.added', { userId, prescriptionIds: ids }, userId);
      return ids;
    });
    // The price follows in a worker (from the event); what the patient must do now is answered here.
    const checkoutUrl = await this.billing.checkoutIfNeeded(userId);
    return {
      prescriptions: await prescriptionViews(this.db.manager, userId, ids),
      subscriptionUpdate: checkoutUrl ? { checkoutUrl } : null,
    };
  }

  /**
   * Every field of a prescription is printed in its packet and signed: a change leaves the signatures no longer
   * current, and the screens showing the patient's applications read them again (docs/product.md §17).
   */
  async update(user: AuthUser, id: string, input: PrescriptionPayload): Promise<PrescriptionView> {
    return this.db.transaction(async (manager) => {
      // The doctor first, then the prescription: the order a doctor's deletion takes them (its row, then its
      // prescriptions' through the foreign key), so the two never wait for each other (a deadlock answered 500).
      await this.checkDoctors(manager, user.id, [input], false);
      const row = await this.access.own(Prescription, id, user, 'Prescription', { manager, lock: true });
      await updatePrescription(manager, row.id, user.id, input);
      await appendToOutbox(manager, 'user.eligibility_changed', { userId: user.id }, user.id);
      const [view] = await prescriptionViews(manager, user.id, [row.id]);
      return view;
    });
  }

  /** Deletes the row with the `prescription.removed` event in the same transaction. */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.access.own(Prescription, id, user, 'Prescription', { manager, lock: true });
      await deletePrescription(manager, id, user.id);
      await appendToOutbox(manager, 'prescription.removed', { userId: user.id, prescriptionIds: [id] }, user.id);
    });
  }

  /**
   * Every doctorId must be one of the patient's own doctors, locked (FOR SHARE) until commit so it
   * cannot be deleted meanwhile. Someone else's doctor is refused exactly as one that does not exist.
   */
  private async checkDoctors(manager: EntityManager, userId: string, rows: PrescriptionPayload[], bulk = true) {
    const wanted = [...new Set(rows.map((r) => r.doctorId).filter((d): d is string => d !== null))];
    if (!wanted.length) return;
    const own = await lockOwnDoctorIds(manager, userId, wanted);
    const fields: Record<string, string> = {};
    rows.forEach((r, i) => {
      if (r.doctorId && !own.has(r.doctorId))
        fields[bulk ? `${i}.doctorId` : 'doctorId'] = RECORD_MESSAGES.chooseOwnDoctor;
    });
    if (Object.keys(fields).length) throw badRequest(RECORD_MESSAGES.chooseOwnDoctor, fields, 'validation-failed');
  }
}
