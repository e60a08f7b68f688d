import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addDays, toIsoDate } from '@rxbridge/domain';
import { Application, ApplicationShipment, User } from '@rxbridge/database';
import type { DomainEvent } from '@rxbridge/events';
import { medicationsOf } from '@rxbridge/applications';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { Mailer } from '../email/mailer';
import {
  applicationStatusEmail,
  EMAILED_APPLICATION_STATES,
  type Brand,
  type EmailedApplicationState,
} from '../email/templates';
import { EffectLedger } from '../queue/effect-ledger';
import type { HandlerMap } from '../queue/handler-map';

const isEmailed = (state: string): state is EmailedApplicationState =>
  (EMAILED_APPLICATION_STATES as readonly string[]).includes(state);

/** The patient's email for each status change they care about: at most one per transition. */
@Injectable()
export class ApplicationEmails {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  readonly handlers: HandlerMap = {
    'application.transitioned': (e) => this.statusChanged(e),
  };

  private get brand(): Brand {
    return {
      appUrl: this.settings.APP_URL,
      supportEmail: this.settings.SUPPORT_EMAIL,
      supportPhone: this.settings.SUPPORT_PHONE,
    };
  }

  private async statusChanged(e: DomainEvent<'application.transitioned'>): Promise<void> {
    const p = e.payload;
    if (!isEmailed(p.toState)) return;
    const [user, app] = await Promise.all([
      this.db.manager.findOneBy(User, { id: p.userId }),
      this.db.manager.findOneBy(Application, { id: p.applicationId }),
    ]);
    if (!user || !app) return;
    const medication = (await medicationsOf(this.db.manager, [app])).get(app.id)!;
    // The refill email speaks of the shipment whose supply runs low: the latest one.
    const latest =
      p.toState === 'REFILL_DUE'
        ? await this.db.manager.findOne(ApplicationShipment, {
            where: { applicationId: app.id },
            order: { createdAt: 'DESC', id: 'DESC' },
          })
        : null;
    const email = applicationStatusEmail(this.brand, user.firstName, {
      state: p.toState,
      medication,
      verified: user.emailVerifiedAt !== null,
      resubmitted:
        p.toState === 'SUBMITTED' && p.fromState !== 'AWAITING_PRESCRIBER' && p.fromState !== 'INFO_REQUESTED',
      enrollmentStartDate: p.enrollmentStartDate,
      enrollmentEndDate: p.enrollmentEndDate,
      shipmentDate: p.shipment?.shipmentDate,
      daysOfSupply: p.shipment?.daysOfSupply,
      refillDueAt: p.shipment?.refillDueAt,
      supplyEndsAt: latest ? toIsoDate(addDays(latest.shipmentDate, latest.daysOfSupply)) : null,
    });
    await this.ledger.once(`email:${e.id}`, () => this.mailer.send(user.email, email));
  }
}
