import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PrescriberRequest } from '@rxbridge/database';
import { findPrescriberRequest, mailablePrescriberRequest, openPrescriberRequests } from '@rxbridge/applications';
import type { DomainEvent } from '@rxbridge/events';
import { addDays } from '@rxbridge/domain';
import { prescriberSignToken } from '@rxbridge/accounts';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { Mailer } from '../email/mailer';
import { prescriberSignatureEmail } from '../email/templates';
import { brandOf } from '../email/layout';
import { EffectLedger } from '../queue/effect-ledger';
import type { HandlerMap } from '../queue/handler-map';
import { TimerJobs } from '../queue/timer-jobs';

/** A request unsigned this many days gets one reminder (docs/product.md §16). */
export const PRESCRIBER_REMINDER_DAYS = 3;

/**
 * The prescriber's signing link and its reminder (docs/product.md §16). The link is mailed once per request (the
 * effect ledger); the reminder is a BullMQ delayed job with the id `prescriber-reminder-{request id}`, so arming it
 * twice is a no-op and it survives restarts; the worker re-arms open requests at start in case Redis lost them,
 * and the ledger key per request keeps a re-armed reminder from mailing twice.
 */
@Injectable()
export class PrescriberRequests implements OnApplicationBootstrap {
  private readonly logger = new Logger('PrescriberRequests');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
    @Inject(TimerJobs) private readonly jobs: TimerJobs,
  ) {}

  readonly emailHandlers: HandlerMap = {
    'application.prescriber_requested': (e) => this.mailLink(e),
  };

  readonly timerHandlers: HandlerMap = {
    'application.prescriber_requested': async (e) => {
      const request = await findPrescriberRequest(this.db.manager, e.payload.requestId);
      if (request) await this.arm(request);
    },
    'prescriber.reminder_due': (e) => this.remind(e),
  };

  async onApplicationBootstrap() {
    const armed = await this.armAll();
    if (armed) this.logger.log(`checked ${armed} prescriber reminders`);
  }

  /** The reminder of every open request (at start, and when Redis lost its data). */
  async armAll(): Promise<number> {
    const open = await openPrescriberRequests(this.db.manager, new Date());
    for (const request of open) await this.arm(request);
    return open.length;
  }

  private link(requestId: string): string {
    const token = prescriberSignToken(this.settings.JWT_SECRET, requestId);
    return `${this.settings.APP_URL}/prescriber/sign?token=${encodeURIComponent(token)}`;
  }

  private async mailLink(e: DomainEvent<'application.prescriber_requested'>): Promise<void> {
    const request = await mailablePrescriberRequest(this.db.manager, e.payload.requestId, Date.now());
    if (!request) return;
    await this.ledger.once(`email:${e.id}`, () =>
      this.mailer.send(request.email, prescriberSignatureEmail(brandOf(this.settings), this.link(request.id), false)),
    );
  }

  private async remind(e: DomainEvent<'prescriber.reminder_due'>): Promise<void> {
    const request = await mailablePrescriberRequest(this.db.manager, e.payload.requestId, Date.now());
    if (!request) return;
    await this.ledger.once(`email:prescriber-reminder-${request.id}`, () =>
      this.mailer.send(request.email, prescriberSignatureEmail(brandOf(this.settings), this.link(request.id), true)),
    );
  }

  /** The reminder's delayed job; its id makes a second arming of the same reminder add nothing. */
  private arm(request: PrescriberRequest): Promise<void> {
    return this.jobs.arm(
      'prescriber.reminder_due',
      `prescriber-reminder-${request.id}`,
      addDays(request.createdAt, PRESCRIBER_REMINDER_DAYS),
      { requestId: request.id, applicationId: request.applicationId },
      null,
    );
  }
}
