import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AdminApplicationView, AdminApplicationsAnswer, AdminApplicationsQuery } from '@rxbridge/contracts';
import { notFound } from '@rxbridge/platform';
import {
  applicationSummaries,
  EligibilityFactsStore,
  findApplicationWithMedication,
  navigatorViews,
  queuePage,
  readApplications,
} from '@rxbridge/applications';
import { paginate, wordPatterns } from '../common/pagination';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';

/** The navigators' queue of applications and one application with its patient (docs/product.md §8). */
@Injectable()
export class NavigatorQueueService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /**
   * The queue: oldest first, by state and words of the patient's name, email or medication. Audited
   * like the patient list (who, the filter, the patients whose cases were shown): nothing is answered
   * unless the audit row was written (docs/architecture.md §9).
   */
  async applications(actor: AuthUser, q: AdminApplicationsQuery): Promise<AdminApplicationsAnswer> {
    const manager = this.db.manager;
    const {
      applications: apps,
      page,
      totalCount,
      counts,
    } = await queuePage(manager, {
      state: q.state,
      words: q.search ? wordPatterns(q.search) : undefined,
      page: q.page,
      limit: q.limit,
    });
    const [, applications] = await Promise.all([
      writeAudit(manager, actor, {
        action: 'applications.list',
        subjectUserId: null,
        metadata: {
          search: q.search ?? null,
          state: q.state ?? null,
          page,
          limit: q.limit,
          patientIds: [...new Set(apps.map((a) => a.userId))],
        },
      }),
      // Rows, not views: the list shows seven columns; the record has the rest (docs/product.md §8).
      applicationSummaries(manager, apps, this.facts),
    ]);
    return { applications, counts, pagination: paginate(page, q.limit, totalCount) };
  }

  /** One application with its patient; audited like a patient read, before anything of it is read. */
  async application(actor: AuthUser, applicationId: string): Promise<AdminApplicationView> {
    const manager = this.db.manager;
    const app = (await findApplicationWithMedication(manager, applicationId, { lock: false }))?.app;
    if (!app) throw notFound('Application');
    await writeAudit(manager, actor, {
      action: 'application.read',
      subjectUserId: app.userId,
      entityType: 'application',
      entityId: app.id,
    });
    const [view] = await navigatorViews(manager, [app], this.facts);
    return view;
  }

  /** Navigator views of these applications, read after their changes committed; a missing one is a 404. */
  async views(ids: readonly string[]): Promise<(AdminApplicationView | Error)[]> {
    const manager = this.db.manager;
    const apps = await readApplications(manager, [...new Set(ids)]);
    const views = await navigatorViews(manager, apps, this.facts);
    const byId = new Map(views.map((view) => [view.id, view]));
    return ids.map((id) => byId.get(id) ?? notFound('Application'));
  }
}
