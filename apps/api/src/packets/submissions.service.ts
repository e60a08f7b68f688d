import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ApplicationView, SubmissionPayload, SubmissionView } from '@rxbridge/contracts';
import {
  applicationViews,
  EligibilityFactsStore,
  lockApplication,
  retryFax,
  submitApplication,
  toSubmissionView,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';

/** Sending an application to its program by fax or recording its portal submission (docs/product.md §17). */
@Injectable()
export class SubmissionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  submit(actor: AuthUser, applicationId: string, input: SubmissionPayload): Promise<SubmissionView> {
    return this.audited(actor, applicationId, 'application.submitted', async (manager, view) =>
      toSubmissionView(await submitApplication(manager, actor, view, input)),
    );
  }

  retry(actor: AuthUser, applicationId: string, submissionId: string): Promise<SubmissionView> {
    return this.audited(actor, applicationId, 'application.submission_retried', async (manager, view) =>
      toSubmissionView(await retryFax(manager, view, submissionId)),
    );
  }

  /**
   * A staff change of a patient's case, written to the audit log in its transaction (docs/architecture.md §9), with the
   * application locked and its view read for the checks of sending.
   */
  private audited<T>(
    actor: AuthUser,
    applicationId: string,
    action: string,
    work: (m: EntityManager, view: ApplicationView) => Promise<T>,
  ) {
    return this.db.transaction(async (manager) => {
      const app = await lockApplication(manager, applicationId);
      await writeAudit(manager, actor, {
        action,
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
      });
      const [view] = await applicationViews(manager, [app], this.facts);
      return work(manager, view);
    });
  }
}
