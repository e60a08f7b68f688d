import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AdminPatientRecord, AdminPatientsAnswer, AdminPatientsQuery } from '@rxbridge/contracts';
import { findPatient, patientsPage } from '@rxbridge/accounts';
import { recordLists } from '@rxbridge/records';
import { notFound } from '@rxbridge/platform';
import {
  applicationCountsByPatient,
  applicationsOfPatient,
  applicationViews,
  EligibilityFactsStore,
} from '@rxbridge/applications';
import { paginate, wordPatterns } from '../common/pagination';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { UserReader } from '../accounts/user-reader';
import { BillingService } from '../billing/billing.service';
import { toDoctorView } from '../records/doctors/doctor-view';
import { toAdminInsuranceView } from '../records/insurance/insurance-view';
import { PrescriptionsService } from '../records/prescriptions/prescriptions.service';
import { toSupportMessageView } from '../support/support-message-view';

/** The latest payments a patient's record shows; paymentCount says how many there are in all. */
const RECORD_PAYMENTS = 50;

/** Navigators find patients and read a patient's whole record (docs/product.md §8 Navigator console). */
@Injectable()
export class NavigatorPatientsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UserReader) private readonly users: UserReader,
    @Inject(PrescriptionsService) private readonly prescriptions: PrescriptionsService,
    @Inject(BillingService) private readonly billing: BillingService,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /**
   * Patients by name or email. The read is audited (who, the search, the patients shown) before the
   * answer: if the audit cannot be written, nothing is answered (docs/architecture.md §9).
   */
  async patients(actor: AuthUser, q: AdminPatientsQuery): Promise<AdminPatientsAnswer> {
    const manager = this.db.manager;
    const {
      patients: rows,
      page,
      totalCount,
    } = await patientsPage(manager, {
      words: q.search ? wordPatterns(q.search) : undefined,
      page: q.page,
      limit: q.limit,
    });
    const ids = rows.map((u) => u.id);
    const [, counts] = await Promise.all([
      writeAudit(manager, actor, {
        action: 'patients.list',
        subjectUserId: null,
        metadata: { search: q.search ?? null, page, limit: q.limit, patientIds: ids },
      }),
      applicationCountsByPatient(manager, ids),
    ]);
    return {
      patients: rows.map((u) => ({
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone,
        createdAt: u.createdAt.toISOString(),
        applicationCount: counts.get(u.id) ?? 0,
      })),
      pagination: paginate(page, q.limit, totalCount),
    };
  }

  /**
   * A patient's whole record. The read is audited first: if the audit cannot be written, nothing is
   * read. No transaction: the audit row commits on its own before the reads, and the reads, each
   * its own snapshot as in a READ COMMITTED transaction, go out together (docs/architecture.md §9).
   */
  async patientRecord(actor: AuthUser, patientId: string): Promise<AdminPatientRecord> {
    const manager = this.db.manager;
    const profile = await findPatient(manager, patientId);
    if (!profile) throw notFound('Patient');
    const patient = profile.user;
    await writeAudit(manager, actor, {
      action: 'patient.read',
      subjectUserId: patient.id,
      entityType: 'user',
      entityId: patient.id,
    });
    const [lists, prescriptions, applications, subscriptions, payments] = await Promise.all([
      recordLists(manager, patient.id),
      this.prescriptions.list(patient.id, manager),
      applicationsOfPatient(manager, patient.id).then((apps) => applicationViews(manager, apps, this.facts)),
      this.billing.active(patient.id, { manager }),
      this.billing.payments(patient.id, 1, RECORD_PAYMENTS, { manager }),
    ]);
    return {
      patient: this.users.viewOf(profile),
      doctors: lists.doctors.map(toDoctorView),
      prescriptions,
      insurances: lists.insurances.map(toAdminInsuranceView),
      documents: lists.documents.map((d) => ({
        id: d.id,
        title: d.title,
        mimeType: d.mimeType,
        fileSize: d.fileSize,
        createdAt: d.createdAt.toISOString(),
      })),
      applications,
      subscriptions,
      payments: payments.payments,
      paymentCount: payments.pagination.totalCount,
      supportMessages: lists.supportMessages.map(toSupportMessageView),
      supportMessageCount: lists.supportMessageCount,
      supportMessagesAwaiting: lists.supportMessagesAwaiting,
    };
  }
}
