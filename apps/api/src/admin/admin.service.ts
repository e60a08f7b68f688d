import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  APPLICATION_STATES,
  type AdminApplicationView,
  type AdminApplicationsAnswer,
  type AdminApplicationsQuery,
  type AdminPatientRecord,
  type AdminPatientsAnswer,
  type AdminPatientsQuery,
  type ApplicationCounts,
  type ApplicationView,
  type ProgramOverridePayload,
  type TransitionPayload,
} from '@rxbridge/contracts';
import { findProgram, isTerminal, programChecklist, stateLabel } from '@rxbridge/domain';
import {
  Application,
  ApplicationDocument,
  ApplicationTransition,
  Doctor,
  Insurance,
  PatientDocument,
  Prescription,
  User,
  perTurnLoader,
  WritesUnderWay,
} from '@rxbridge/database';
import { appendToOutbox, publishWriterPush } from '@rxbridge/events';
import { conflict, notFound, REDIS, SETTINGS, socketIoKey, type Settings } from '@rxbridge/platform';
import { containsPattern, paginate } from '../common/pagination';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { UserReader } from '../accounts/user-reader';
import {
  applicationViews,
  EligibilityFactsStore,
  lockApplication,
  readApplications,
  moveApplication,
} from '@rxbridge/applications';
import { BillingService } from '../billing/billing.service';
import { toDoctorView } from '../records/doctors/doctor-view';
import { PrescriptionsService } from '../records/prescriptions/prescriptions.service';
import { prescriberRequestStatuses } from '../packets/prescriber-status';

/** The latest payments a patient's record shows; paymentCount says how many there are in all. */
const RECORD_PAYMENTS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The navigators' work: patients, the application queue and moving cases (docs/product.md §8 Navigator console). */
@Injectable()
export class AdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UserReader) private readonly users: UserReader,
    @Inject(PrescriptionsService) private readonly prescriptions: PrescriptionsService,
    @Inject(BillingService) private readonly billing: BillingService,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  private readonly logger = new Logger('AdminService');

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
    const query = manager
      .createQueryBuilder(User, 'u')
      .where(`u.role = 'USER'`)
      .orderBy('u.last_name', 'ASC')
      .addOrderBy('u.first_name', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .offset((q.page - 1) * q.limit)
      .limit(q.limit);
    if (q.search) {
      query.andWhere(`(u.first_name || ' ' || u.last_name ILIKE :pattern OR u.email ILIKE :pattern)`, {
        pattern: containsPattern(q.search),
      });
    }
    const [rows, totalCount] = await query.getManyAndCount();
    await writeAudit(manager, actor, {
      action: 'patients.list',
      subjectUserId: null,
      metadata: { search: q.search ?? null, page: q.page, limit: q.limit, patientIds: rows.map((u) => u.id) },
    });
    const counts = await this.applicationCountsByUser(rows.map((u) => u.id));
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
      const patient = UUID.test(patientId) ? await manager.findOneBy(User, { id: patientId, role: 'USER' }) : null;
      if (!patient) throw notFound('Patient');
      await writeAudit(manager, actor, {
        action: 'patient.read',
        subjectUserId: patient.id,
        entityType: 'user',
        entityId: patient.id,
      });
      // One query after another: the transaction's manager holds a single connection.
      const publicUser = await this.users.publicUser(patient.id, manager);
      const byOwner = { userId: patient.id };
      const doctors = await manager.find(Doctor, { where: byOwner, order: { createdAt: 'ASC', id: 'ASC' } });
      const prescriptions = await this.prescriptions.list(patient.id, manager);
      const insurances = await manager.find(Insurance, { where: byOwner, order: { createdAt: 'ASC', id: 'ASC' } });
      const documents = await manager.find(PatientDocument, {
        where: byOwner,
        order: { createdAt: 'DESC', id: 'DESC' },
      });
      const apps = await manager.find(Application, { where: byOwner, order: { createdAt: 'ASC', id: 'ASC' } });
      const subscriptions = await this.billing.active(patient.id);
      const payments = await this.billing.payments(patient.id, 1, RECORD_PAYMENTS);
      return {
        patient: publicUser,
        doctors: doctors.map(toDoctorView),
        prescriptions,
        insurances: insurances.map((i) => ({
          id: i.id,
          provider: i.provider,
          policyNumber: i.policyNumber,
          groupNumber: i.groupNumber,
          coverageType: i.coverageType,
          createdAt: i.createdAt.toISOString(),
        })),
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

  /** The queue: oldest first, by state and words of the patient's name, email or medication. */
  async applications(actor: AuthUser, q: AdminApplicationsQuery): Promise<AdminApplicationsAnswer> {
    return this.db.transaction((manager) => this.applicationsIn(manager, actor, q));
  }

  /** Audited like the patient list: who, the filter, and the patients whose cases were shown. */
  private async applicationsIn(
    manager: EntityManager,
    actor: AuthUser,
    q: AdminApplicationsQuery,
  ): Promise<AdminApplicationsAnswer> {
    const query = manager
      .createQueryBuilder(Application, 'a')
      .innerJoin(User, 'u', 'u.id = a.user_id')
      .leftJoin(Prescription, 'p', 'p.id = a.prescription_id AND p.user_id = a.user_id')
      .orderBy('a.created_at', 'ASC')
      .addOrderBy('a.id', 'ASC')
      .offset((q.page - 1) * q.limit)
      .limit(q.limit);
    if (q.state) query.andWhere('a.state = :state', { state: q.state });
    if (q.search) {
      query.andWhere(
        `(u.first_name || ' ' || u.last_name ILIKE :pattern OR u.email ILIKE :pattern
          OR COALESCE(p.medication, a.medication) ILIKE :pattern)`,
        { pattern: containsPattern(q.search) },
      );
    }
    const [apps, totalCount] = await query.getManyAndCount();
    const counts = await this.counts(manager);
    await writeAudit(manager, actor, {
      action: 'applications.list',
      subjectUserId: null,
      metadata: {
        search: q.search ?? null,
        state: q.state ?? null,
        page: q.page,
        limit: q.limit,
        patientIds: [...new Set(apps.map((a) => a.userId))],
      },
    });
    return {
      applications: await this.withPatients(manager, apps, await applicationViews(manager, apps, this.facts)),
      counts,
      pagination: paginate(q.page, q.limit, totalCount),
    };
  }

  /** One application with its patient; audited like a patient read. */
  async application(actor: AuthUser, applicationId: string): Promise<AdminApplicationView> {
    return this.db.transaction(async (manager) => {
      const app = UUID.test(applicationId) ? await manager.findOneBy(Application, { id: applicationId }) : null;
      if (!app) throw notFound('Application');
      await writeAudit(manager, actor, {
        action: 'application.read',
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
      });
      const [view] = await this.withPatients(manager, [app], await applicationViews(manager, [app], this.facts));
      return view;
    });
  }

  /**
   * The move is one statement checked against the state it read (moveApplication) and commits
   * before its answer is read; this process pushes it right after (the relay only if that fails;
   * docs/architecture.md §8), so the patient's screens wait neither for the reads of the answer nor
   * for the relay (§15 Performance). The answer is read after the commit, so it shows the move (or
   * a later one).
   */
  async transition(actor: AuthUser, applicationId: string, input: TransitionPayload): Promise<AdminApplicationView> {
    const { application, outboxId, push } = await this.moves.around(() =>
      moveApplication(this.db.manager, {
        applicationId,
        toState: input.toState,
        fromState: input.fromState,
        note: input.note,
        details: {
          enrollmentStartDate: input.enrollmentStartDate,
          enrollmentEndDate: input.enrollmentEndDate,
          shipmentDate: input.shipmentDate,
          daysOfSupply: input.daysOfSupply,
        },
        actor: { id: actor.id, role: actor.role },
        writerPushes: true,
      }),
    );
    // The patient's screens hear of the move now, not after the relay's pass; the answer's reads go
    // on meanwhile. A failure leaves the push to the relay (docs/architecture.md §8).
    publishWriterPush(this.redis, socketIoKey(this.settings.REDIS_PREFIX), this.db, outboxId, push).catch((err) =>
      this.logger.warn({ err }, 'the push of a move was left to the relay'),
    );
    return this.answers.load(application.id);
  }

  /** Moves under way in this process: their answers wait for them (below). */
  private readonly moves = new WritesUnderWay();

  /**
   * The answers of moves read together: a navigator's answer is nine reads, and under a burst of
   * moves those round trips took the database's time the next moves' commits waited for. The batch
   * goes out once no move of this process is under way (at most 20 ms after it formed), so a burst's
   * answers are a few statements, and a lone move is answered at once (docs/architecture.md §15
   * Performance). Read after every commit, so each shows its move (or a later one).
   */
  private readonly answers = perTurnLoader<string, AdminApplicationView>((ids) => this.answersOf(ids), {
    after: this.moves,
  });

  private async answersOf(ids: readonly string[]): Promise<(AdminApplicationView | Error)[]> {
    const manager = this.db.manager;
    const apps = await readApplications(manager, [...new Set(ids)]);
    const views = await this.withPatients(manager, apps, await applicationViews(manager, apps, this.facts));
    const byId = new Map(views.map((view) => [view.id, view]));
    return ids.map((id) => byId.get(id) ?? notFound('Application'));
  }

  /**
   * A navigator sets the program an application goes to (docs/product.md §15): audited, a timeline entry, the
   * checklist follows the program (items still missing and no longer asked for go, new ones are added) and the
   * patient is told through the outbox. The worker's match never replaces an overridden program.
   */
  async setProgram(
    actor: AuthUser,
    applicationId: string,
    input: ProgramOverridePayload,
  ): Promise<AdminApplicationView> {
    const program = findProgram(input.programId);
    if (!program) throw notFound('Program');
    return this.db.transaction(async (manager) => {
      const app = await lockApplication(manager, applicationId);
      if (isTerminal(app.state)) {
        throw conflict(`This application is ${stateLabel(app.state).toLowerCase()}: its program can no longer change.`);
      }
      await writeAudit(manager, actor, {
        action: 'application.program_set',
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
        metadata: { fromProgramId: app.programId, toProgramId: program.id },
      });
      await manager.update(Application, { id: app.id }, { programId: program.id, programOverridden: true });
      const hasInsurance = await manager.existsBy(Insurance, { userId: app.userId });
      const kinds = programChecklist(program, { hasInsurance }).map((i) => i.kind);
      await manager
        .createQueryBuilder()
        .delete()
        .from(ApplicationDocument)
        .where(`application_id = :id AND status = 'MISSING' AND document_id IS NULL AND NOT (kind = ANY(:kinds))`, {
          id: app.id,
          kinds,
        })
        .execute();
      await manager
        .createQueryBuilder()
        .insert()
        .into(ApplicationDocument)
        .values(kinds.map((kind) => ({ applicationId: app.id, kind, status: 'MISSING' as const })))
        .orIgnore()
        .execute();
      const entry = await manager.save(
        ApplicationTransition,
        manager.create(ApplicationTransition, {
          applicationId: app.id,
          fromState: app.state,
          toState: app.state,
          actorId: actor.id,
          actorRole: actor.role,
          note: `Program set to ${program.name} by navigator`,
          details: { programId: program.id, previousProgramId: app.programId },
        }),
      );
      await appendToOutbox(
        manager,
        'application.program_set',
        { applicationId: app.id, userId: app.userId, transitionId: entry.id },
        app.userId,
      );
      const fresh = await manager.findOneByOrFail(Application, { id: app.id });
      const [view] = await this.withPatients(manager, [fresh], await applicationViews(manager, [fresh], this.facts));
      return view;
    });
  }

  /** Count per state over every application, zero included, so the tabs never jump. */
  private async counts(manager: EntityManager = this.db.manager): Promise<ApplicationCounts> {
    const rows: { state: string; n: number }[] = await manager
      .createQueryBuilder(Application, 'a')
      .select('a.state', 'state')
      .addSelect('count(*)::int', 'n')
      .groupBy('a.state')
      .getRawMany();
    const counts = Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])) as ApplicationCounts;
    for (const r of rows) counts[r.state as keyof ApplicationCounts] = r.n;
    return counts;
  }

  private async applicationCountsByUser(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows: { userId: string; n: number }[] = await this.db.manager
      .createQueryBuilder(Application, 'a')
      .select('a.user_id', 'userId')
      .addSelect('count(*)::int', 'n')
      .where('a.user_id IN (:...userIds)', { userIds })
      .groupBy('a.user_id')
      .getRawMany();
    return new Map(rows.map((r) => [r.userId, r.n]));
  }

  private async withPatients(
    manager: EntityManager,
    apps: Application[],
    views: ApplicationView[],
  ): Promise<AdminApplicationView[]> {
    const ids = [...new Set(apps.map((a) => a.userId))];
    const users = ids.length
      ? await manager.find(User, {
          select: { id: true, firstName: true, lastName: true, email: true },
          where: { id: In(ids) },
        })
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const prescriber = await prescriberRequestStatuses(
      manager,
      apps.map((a) => a.id),
    );
    return views.map((v, i) => {
      const u = byId.get(apps[i].userId)!;
      return {
        ...v,
        patient: { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email },
        prescriberRequest: prescriber.get(apps[i].id) ?? null,
      };
    });
  }
}
