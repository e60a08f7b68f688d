import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isTerminal, settlesRenewals } from '@rxbridge/domain';
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
   * Every move arms what its state calls for, then a move that may settle the prescription's renewals does
   * (docs/product.md §18): arming first, so a settling that keeps failing holds no timer back. Both are idempotent
   * (deterministic job ids; the settling finds nothing left): a retried job does nothing twice.
   */
  private async moved(e: DomainEvent<'application.transitioned'>): Promise<void> {
    await this.timers.armFor(e.payload.applicationId, e.payload.toState);
    if (settlesRenewals(e.payload)) {
      await this.db.transaction((manager) => settleRenewals(manager, e.payload));
    }
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
