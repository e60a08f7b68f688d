import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isTerminal } from '@rxbridge/domain';
import type { DomainEvent } from '@rxbridge/events';
import {
  applicationUpdatesNow,
  cancelApplicationOfPrescription,
  followPatientInChecklists,
  openApplications,
  settleRenewals,
} from '@rxbridge/applications';
import type { HandlerMap } from '../queue/handler-map';
import { RealtimePublisher } from '../realtime/publisher';
import { ApplicationTimers } from './application-timers';

/**
 * The applications queue: opens an application per new prescription, cancels it when the
 * prescription goes, settles an approved application's renewals, arms timers after each move, and
 * tells the screens when a patient's facts change their verdicts. The changes' own pushes are their writers' (docs/architecture.md §8).
 * Each handler may run twice for one event and does the work once.
 */
@Injectable()
export class ApplicationHandlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ApplicationTimers) private readonly timers: ApplicationTimers,
    @Inject(RealtimePublisher) private readonly realtime: RealtimePublisher,
  ) {}

  readonly handlers: HandlerMap = {
    'prescription.added': (e) =>
      this.db.transaction((manager) => openApplications(manager, e.payload.userId, e.payload.prescriptionIds)),
    'prescription.removed': (e) => this.cancel(e),
    'application.transitioned': (e) => this.moved(e),
    'user.eligibility_changed': (e) => this.rescreen(e.payload.userId, e.payload.checklists === true),
  };

  /**
   * An approval settles the application's renewals (docs/product.md §18), then every move arms what its state calls
   * for. Both are idempotent (the settling finds nothing left, job ids are deterministic): a retried job does nothing
   * twice.
   */
  private async moved(e: DomainEvent<'application.transitioned'>): Promise<void> {
    if (e.payload.toState === 'APPROVED') await this.db.transaction((manager) => settleRenewals(manager, e.payload));
    await this.timers.armFor(e.payload.applicationId, e.payload.toState);
  }

  /** One transaction per prescription: a removal of several cancels each on its own. */
  private async cancel(e: DomainEvent<'prescription.removed'>): Promise<void> {
    for (const prescriptionId of e.payload.prescriptionIds) {
      await this.db.transaction((manager) =>
        cancelApplicationOfPrescription(manager, e.payload.userId, prescriptionId),
      );
    }
  }

  /**
   * Verdicts are computed when an application is read (docs/architecture.md §14), so re-screening a
   * patient is telling every screen showing one of their open applications to read it again: a
   * signal derived from the patient's facts, with no change row of its own to carry it. When the
   * change may change which documents are asked, the checklists still being prepared follow first.
   */
  private async rescreen(userId: string, checklists: boolean): Promise<void> {
    if (checklists) await this.db.transaction((manager) => followPatientInChecklists(manager, userId));
    for (const update of await applicationUpdatesNow(this.db.manager, userId)) {
      if (!isTerminal(update.state)) await this.realtime.applicationUpdated(update);
    }
  }
}
