import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ApplicationDocumentStatus, ApplicationView, AttachDocumentPayload, Language } from '@rxbridge/contracts';
import { documentLabel, type DocumentKind } from '@rxbridge/domain';
import { Application } from '@rxbridge/database';
import { badRequest, conflict, notFound } from '@rxbridge/platform';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess, writeAudit } from '../common/record-access';
import { APPLICATION_MESSAGES } from '@rxbridge/contracts';
import {
  applicationsOfPatient,
  applicationViews,
  changeChecklistItem,
  checklistItem,
  EligibilityFactsStore,
  lockApplication,
  lockOwnUpload,
  parseDocumentKind,
  readApplications,
} from '@rxbridge/applications';

@Injectable()
export class ApplicationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** The patient's own applications, oldest first. */
  async listOwn(userId: string, language: Language = 'en'): Promise<ApplicationView[]> {
    const apps = await applicationsOfPatient(this.db.manager, userId);
    return applicationViews(this.db.manager, apps, this.facts, language);
  }

  /** An application's view, read in the caller's transaction after its change. */
  private async view(
    applicationId: string,
    manager: EntityManager,
    language: Language = 'en',
  ): Promise<ApplicationView> {
    const [app] = await readApplications(manager, [applicationId]);
    if (!app) throw notFound('Application');
    const [view] = await applicationViews(manager, [app], this.facts, language);
    return view;
  }

  /** The patient attaches one of their own uploads to an item of their own application's checklist. */
  async attachDocument(
    user: AuthUser,
    applicationId: string,
    input: AttachDocumentPayload,
    language: Language = 'en',
  ): Promise<ApplicationView> {
    const kind = parseDocumentKind(input.kind);
    return this.db.transaction(async (manager) => {
      const app = await this.access.own(Application, applicationId, user, 'Application', { manager, lock: true });
      // FOR SHARE: the upload cannot be deleted between this check and the commit.
      const doc = await lockOwnUpload(manager, user.id, input.documentId);
      if (!doc) {
        throw badRequest(
          APPLICATION_MESSAGES.chooseOwnDocument,
          { documentId: APPLICATION_MESSAGES.chooseOwnDocument },
          'validation-failed',
        );
      }
      await changeChecklistItem(manager, app, user.id, {
        kind,
        status: 'RECEIVED',
        documentId: doc.id,
        mayAddItem: false,
      });
      return this.view(app.id, manager, language);
    });
  }

  /**
   * A navigator marks an item received or missing; an item the checklist lacks is added. The answer is the
   * patient's application, so the change is audited with it (docs/architecture.md §9).
   */
  async setDocumentStatus(
    actor: AuthUser,
    applicationId: string,
    kind: DocumentKind,
    status: ApplicationDocumentStatus,
    note: string | null | undefined,
    fromStatus?: ApplicationDocumentStatus | 'ABSENT',
  ): Promise<ApplicationView> {
    return this.db.transaction(async (manager) => {
      const app = await lockApplication(manager, applicationId);
      const current = await checklistItem(manager, app.id, kind);
      // Marked from what the navigator saw: a view older than the patient's upload or a colleague's mark must not
      // undo it (detach the file, ask the patient again), docs/product.md §8.
      const seen = current?.status ?? 'ABSENT';
      if (fromStatus && fromStatus !== seen) {
        throw conflict(APPLICATION_MESSAGES.itemChanged(documentLabel(kind), seen), 'item-changed');
      }
      await writeAudit(manager, actor, {
        action: 'application.document_set',
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
        metadata: { kind, status },
      });
      // Marking an item missing rejects the file that was attached to it.
      const documentId = status === 'RECEIVED' ? (current?.documentId ?? null) : null;
      await changeChecklistItem(manager, app, actor.id, {
        kind,
        status,
        documentId,
        note,
        mayAddItem: true,
        asksPatient: status === 'MISSING',
      });
      return this.view(app.id, manager);
    });
  }
}
