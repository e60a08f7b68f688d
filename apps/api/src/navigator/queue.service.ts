import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  APPLICATION_STATES,
  type AdminApplicationView,
  type AdminApplicationsAnswer,
  type AdminApplicationsQuery,
  type ApplicationCounts,
  type ApplicationView,
} from '@rxbridge/contracts';
import { Application, Prescription, User } from '@rxbridge/database';
import { notFound } from '@rxbridge/platform';
import { applicationViews, EligibilityFactsStore, readApplications } from '@rxbridge/applications';
import { containsPattern, paginate } from '../common/pagination';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { prescriberRequestStatuses } from '../packets/prescriber-status';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The navigators' queue of applications and one application with its patient (docs/product.md §8). */
@Injectable()
export class NavigatorQueueService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

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

  /** Navigator views of these applications, read after their changes committed; a missing one is a 404. */
  async views(ids: readonly string[]): Promise<(AdminApplicationView | Error)[]> {
    const manager = this.db.manager;
    const apps = await readApplications(manager, [...new Set(ids)]);
    const views = await this.withPatients(manager, apps, await applicationViews(manager, apps, this.facts));
    const byId = new Map(views.map((view) => [view.id, view]));
    return ids.map((id) => byId.get(id) ?? notFound('Application'));
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

  async withPatients(
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
