import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminPatientRecord, AdminPatientsAnswer, AdminPatientsQuery } from '@rxbridge/contracts';
import { findPatient, patientsPage } from '@rxbridge/accounts';
import { allDocuments, listDoctors, listInsurance } from '@rxbridge/records';
import { notFound } from '@rxbridge/platform';
import {
  applicationCountsByPatient,
  applicationsOfPatient,
  applicationViews,
  EligibilityFactsStore,
} from '@rxbridge/applications';
import { containsPattern, paginate } from '../common/pagination';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { UserReader } from '../accounts/user-reader';
import { BillingService } from '../billing/billing.service';
import { toDoctorView } from '../records/doctors/doctor-view';
import { toAdminInsuranceView } from '../records/insurance/insurance-view';
import { PrescriptionsService } from '../records/prescriptions/prescriptions.service';

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
   * Patients by name or email. The read is audited (who, the search, the patients shown) in the same
   * transaction: if the audit cannot be written, nothing is answered (docs/architecture.md §9).
   */
  async patients(actor: AuthUser, q: AdminPatientsQuery): Promise<AdminPatientsAnswer> {
    return this.db.transaction((manager) => this.patientsIn(manager, actor, q));
  }

  private async patientsIn(
    manager: EntityManager,
    actor: AuthUser,
    q: AdminPatientsQuery,
  ): Promise<AdminPatientsAnswer> {
    const [rows, totalCount] = await patientsPage(manager, {
      pattern: q.search ? containsPattern(q.search) : undefined,
      page: q.page,
      limit: q.limit,
    });
    await writeAudit(manager, actor, {
      action: 'patients.list',
      subjectUserId: null,
      metadata: { search: q.search ?? null, page: q.page, limit: q.limit, patientIds: rows.map((u) => u.id) },
    });
    const counts = await applicationCountsByPatient(
      manager,
      rows.map((u) => u.id),
    );
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
      pagination: paginate(q.page, q.limit, totalCount),
    };
  }

  /** A patient's whole record. The read is audited first: if the audit cannot be written, nothing is read. */
  async patientRecord(actor: AuthUser, patientId: string): Promise<AdminPatientRecord> {
    return this.db.transaction(async (manager) => {
      const patient = await findPatient(manager, patientId);
      if (!patient) throw notFound('Patient');
      await writeAudit(manager, actor, {
        action: 'patient.read',
        subjectUserId: patient.id,
        entityType: 'user',
        entityId: patient.id,
      });
      // One query after another: the transaction's manager holds a single connection.
      const publicUser = await this.users.viewOf(patient, manager);
      const doctors = await listDoctors(manager, patient.id);
      const prescriptions = await this.prescriptions.list(patient.id, manager);
      const insurances = await listInsurance(manager, patient.id);
      const documents = await allDocuments(manager, patient.id);
      const apps = await applicationsOfPatient(manager, patient.id);
      const subscriptions = await this.billing.active(patient.id, manager);
      const payments = await this.billing.payments(patient.id, 1, RECORD_PAYMENTS, manager);
      return {
        patient: publicUser,
        doctors: doctors.map(toDoctorView),
        prescriptions,
        insurances: insurances.map(toAdminInsuranceView),
        documents: documents.map((d) => ({
          id: d.id,
          title: d.title,
          mimeType: d.mimeType,
          fileSize: d.fileSize,
          createdAt: d.createdAt.toISOString(),
        })),
        applications: await applicationViews(manager, apps, this.facts),
        subscriptions,
        payments: payments.payments,
        paymentCount: payments.pagination.totalCount,
      };
    });
  }
}
