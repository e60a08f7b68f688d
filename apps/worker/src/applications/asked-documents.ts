import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ASKED_EMAIL_DELAY_MINUTES, askedDay, patientActs, patientAsks } from '@rxbridge/domain';
import type { DomainEvent, DomainEventMap } from '@rxbridge/events';
import {
  applicationsAskedSince,
  applicationViews,
  EligibilityFactsStore,
  readApplications,
  statusEmailContext,
  type AskedOnDay,
} from '@rxbridge/applications';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { Mailer } from '../email/mailer';
import { askedDocumentsEmail } from '../email/templates';
import { brandOf } from '../email/layout';
import { EffectLedger } from '../queue/effect-ledger';
import type { HandlerMap } from '../queue/handler-map';
import { TimerJobs } from '../queue/timer-jobs';

export type AskedTimer = Extract<DomainEventMap['application.timer_due'], { kind: 'asked' }>;

const MINUTE_MS = 60_000;
/** How far back a re-arming looks: yesterday's asks may still be due just after midnight (UTC). */
const REARM_LOOKBACK_MS = 2 * 24 * 60 * MINUTE_MS;

/**
 * The patient's email once a navigator asked them for something (docs/product.md §11): a navigator marking an item
 * missing, or setting another program, or a fax finding a received file it could not turn into pages (the system's
 * ask, §17), arms a timer ASKED_EMAIL_DELAY_MINUTES after the day's first ask, whose id (application and UTC day)
 * makes later asks that day add nothing, so several marks in a row make one email. When it fires, it reads what the
 * application asks of its patient then (`patientAsks`, as their dashboard shows it) and mails it once (the effect
 * ledger, same key); nothing is sent when nothing is left for the patient to do. The timers are armed again from the
 * database at start and when Redis lost its data (the asks are the checklist's rows, the timeline's program changes
 * and the documents found unfaxable).
 */
@Injectable()
export class AskedDocuments implements OnApplicationBootstrap {
  private readonly logger = new Logger('AskedDocuments');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
    @Inject(TimerJobs) private readonly jobs: TimerJobs,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  readonly timerHandlers: HandlerMap = {
    'application.documents_updated': (e) => (e.payload.asked ? this.asked(e) : Promise.resolve()),
    // Another program: the patient signs for it, and gives what it asks that the last one did not.
    'application.program_set': (e) => this.asked(e),
  };

  async onApplicationBootstrap() {
    const armed = await this.armAll();
    if (armed) this.logger.log(`checked ${armed} asked-documents emails`);
  }

  /** Every asked-documents email the checklists say may still be due (at start, and when Redis lost its data). */
  async armAll(): Promise<number> {
    const asked = await applicationsAskedSince(this.db.manager, new Date(Date.now() - REARM_LOOKBACK_MS));
    for (const ask of asked) await this.arm(ask);
    return asked.length;
  }

  async fire(t: AskedTimer): Promise<void> {
    const to = await statusEmailContext(this.db.manager, t.userId, t.applicationId);
    const [app] = to ? await readApplications(this.db.manager, [t.applicationId]) : [];
    if (!to || !app) return;
    const [view] = await applicationViews(this.db.manager, [app], this.facts, to.language);
    const asks = patientAsks(view);
    // Given since, or the packet went on: nothing to ask.
    if (!asks || !patientActs(asks)) return;
    const email = askedDocumentsEmail[to.language](brandOf(this.settings), to.firstName, {
      medication: to.medication,
      verified: to.verified,
      asks,
    });
    await this.ledger.once(`email:${askedTimerId(t)}`, () => this.mailer.send(to.email, email));
  }

  private async asked(e: DomainEvent<'application.documents_updated' | 'application.program_set'>): Promise<void> {
    await this.arm({
      applicationId: e.payload.applicationId,
      userId: e.payload.userId,
      askedAt: new Date(e.createdAt),
    });
  }

  private arm(ask: AskedOnDay): Promise<void> {
    const askedAt = new Date(ask.askedAt);
    const timer: AskedTimer = {
      kind: 'asked',
      applicationId: ask.applicationId,
      userId: ask.userId,
      day: askedDay(askedAt),
    };
    const dueAt = new Date(askedAt.getTime() + ASKED_EMAIL_DELAY_MINUTES * MINUTE_MS);
    return this.jobs.arm('application.timer_due', askedTimerId(timer), dueAt, timer, ask.userId);
  }
}

/** One timer, and one email, per application and UTC day. */
const askedTimerId = (t: AskedTimer) => `asked-${t.applicationId}-${t.day}`;
