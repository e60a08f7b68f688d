import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  APPLICATION_MESSAGES,
  type ApplicationDocumentStatus,
  type ApplicationView,
  type AttachDocumentPayload,
} from '@rxbridge/contracts';
import { DOCUMENT_KINDS, documentLabel, isTerminal, stateLabel, type DocumentKind } from '@rxbridge/domain';
import { Application, ApplicationDocument, PatientDocument } from '@rxbridge/database';
import { badRequest, conflict, notFound } from '@rxbridge/platform';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess } from '../common/record-access';
import {
  announceChecklistChange,
  lockApplication,
  applicationViews,
  EligibilityFactsStore,
} from '@rxbridge/applications';

export function parseDocumentKind(kind: string): DocumentKind {
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
    const message = `kind must be one of ${DOCUMENT_KINDS.join(', ')}`;
    throw badRequest(`kind: ${message}`, { kind: message }, 'validation-failed');
  }
  return kind as DocumentKind;
}

export interface ChecklistChange {
  kind: DocumentKind;
  status: ApplicationDocumentStatus;
  documentId: string | null;
  note?: string | null;
  /** Patients may only fill items the program asked for; navigators may add one (e.g. a denial letter). */
  mayAddItem: boolean;
}

@Injectable()
export class ApplicationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** The patient's own applications, oldest first. */
  async listOwn(userId: string): Promise<ApplicationView[]> {
    const apps = await this.db.manager.find(Application, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return applicationViews(this.db.manager, apps, this.facts);
  }

  async view(applicationId: string, manager: EntityManager = this.db.manager): Promise<ApplicationView> {
    const app = await manager.findOneBy(Application, { id: applicationId });
    if (!app) throw notFound('Application');
    const [view] = await applicationViews(manager, [app], this.facts);
    return view;
  }

  /** The patient attaches one of their own uploads to an item of their own application's checklist. */
  async attachDocument(user: AuthUser, applicationId: string, input: AttachDocumentPayload): Promise<ApplicationView> {
    const kind = parseDocumentKind(input.kind);
    return this.db.transaction(async (manager) => {
      const app = await this.access.own(Application, applicationId, user, 'Application', { manager, lock: true });
      // FOR SHARE: the upload cannot be deleted between this check and the commit.
      const doc = await manager.findOne(PatientDocument, {
        select: { id: true },
        where: { id: input.documentId, userId: user.id },
        lock: { mode: 'pessimistic_read' },
      });
      if (!doc) {
        throw badRequest(
          APPLICATION_MESSAGES.chooseOwnDocument,
          { documentId: APPLICATION_MESSAGES.chooseOwnDocument },
          'validation-failed',
        );
      }
      await this.changeChecklist(manager, app, user.id, {
        kind,
        status: 'RECEIVED',
        documentId: doc.id,
        mayAddItem: false,
      });
      return this.view(app.id, manager);
    });
  }

  /** A navigator marks an item received or missing; an item the checklist lacks is added. */
  async setDocumentStatus(
    actor: AuthUser,
    applicationId: string,
    kind: DocumentKind,
    status: ApplicationDocumentStatus,
    note: string | null | undefined,
  ): Promise<ApplicationView> {
    return this.db.transaction(async (manager) => {
      const app = await lockApplication(manager, applicationId);
      const current = await manager.findOneBy(ApplicationDocument, { applicationId: app.id, kind });
      // Marking an item missing rejects the file that was attached to it.
      const documentId = status === 'RECEIVED' ? (current?.documentId ?? null) : null;
      await this.changeChecklist(manager, app, actor.id, { kind, status, documentId, note, mayAddItem: true });
      return this.view(app.id, manager);
    });
  }

  /** Writes one checklist item and the event that pushes it to the screens, in the caller's transaction. */
  private async changeChecklist(manager: EntityManager, app: Application, actorId: string, change: ChecklistChange) {
    if (isTerminal(app.state))
      throw conflict(APPLICATION_MESSAGES.applicationClosed(stateLabel(app.state)), 'application-closed');
    const values = {
      status: change.status,
      documentId: change.documentId,
      receivedAt: change.status === 'RECEIVED' ? new Date() : null,
      updatedBy: actorId,
      ...(change.note !== undefined && { note: change.note }),
    };
    const updated = await manager.update(ApplicationDocument, { applicationId: app.id, kind: change.kind }, values);
    if (!updated.affected) {
      if (!change.mayAddItem) {
        const message = APPLICATION_MESSAGES.kindNotNeeded(documentLabel(change.kind));
        throw badRequest(message, { kind: message }, 'validation-failed');
      }
      await manager.insert(ApplicationDocument, { applicationId: app.id, kind: change.kind, ...values });
    }
    await announceChecklistChange(manager, app);
  }
}
