import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Language } from '@rxbridge/contracts';
import {
  daysBetween,
  ENROLLED_STATES,
  enrollmentReminderDueAt,
  ENROLLMENT_REMINDER_DAYS,
  reminderSentOn,
  renewalOpenDayCame,
  renewalStep,
  type RenewalStep,
} from '@rxbridge/domain';
import type { DomainEventMap } from '@rxbridge/events';
import {
  applicationViews,
  EligibilityFactsStore,
  findApplicationWithMedication,
  openRenewal,
  renewalOfApplication,
  statusEmailContext,
} from '@rxbridge/applications';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { Mailer } from '../email/mailer';
import { enrollmentReminderEmail } from '../email/enrollment-templates';
import { brandOf } from '../email/layout';
import { EffectLedger } from '../queue/effect-ledger';

type TimerDue = DomainEventMap['application.timer_due'];
export type EnrollmentTimer = Extract<TimerDue, { kind: 'enrollment-reminder' | 'renewal-open' }>;

/** The job id of an enrollment timer: one per application, end date and kind, so arming twice adds nothing. */
export function enrollmentTimerId(t: EnrollmentTimer): string {
  return t.kind === 'renewal-open'
    ? `renewal-open-${t.applicationId}-${t.enrollmentEndDate}`
    : `enrollment-reminder-${t.applicationId}-${t.enrollmentEndDate}-${t.daysBefore}`;
}

/**
 * What comes due as an enrollment nears its end (docs/product.md §18): the patient's reminders 60
 * and 30 days before, each mailed once (the effect ledger, keyed by the timer's id, so a timer
 * re-armed after Redis lost it mails nothing twice), and the renewal application 45 days before
 * (openRenewal, insert-or-ignore). Each acts only while the enrollment that armed it is in force. A
 * reminder after the renewal opened says where it stands and what it asks, as the dashboard does.
 */
@Injectable()
export class EnrollmentTimers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  async fire(t: EnrollmentTimer): Promise<void> {
    if (t.kind === 'renewal-open') {
      await this.db.transaction((manager) => openRenewal(manager, t.applicationId, t.enrollmentEndDate));
      return;
    }
    const found = await findApplicationWithMedication(this.db.manager, t.applicationId, { lock: false });
    if (!found || !ENROLLED_STATES.includes(found.app.state) || found.app.enrollmentEndDate !== t.enrollmentEndDate)
      return;
    // A reminder overtaken by a later one (or by the end) is not sent late: the later one says more.
    const later = ENROLLMENT_REMINDER_DAYS.filter((d) => d < t.daysBefore).map((d) => d as number);
    const overtaken = [...later, 0].some(
      (d) => enrollmentReminderDueAt(t.enrollmentEndDate, d).getTime() <= Date.now(),
    );
    if (overtaken) return;
    const to = await statusEmailContext(this.db.manager, t.userId, t.applicationId);
    if (!to) return;
    // Told as of the day it goes, later than its own for a late reminder (a back-dated approval, a worker that was
    // down): the days really left, and where the renewal stands once its opening day has come.
    const sentOn = reminderSentOn(t.enrollmentEndDate, t.daysBefore, new Date());
    const renewal = renewalOpenDayCame(t.enrollmentEndDate, sentOn) ? await this.renewal(t, to.language) : null;
    // Its renewal approved took over (the patient was told then): the old enrollment's end is no news, whether or not
    // the renewal timer of the same day closed it first.
    if (renewal?.kind === 'APPROVED') return;
    const email = enrollmentReminderEmail[to.language](brandOf(this.settings), to.firstName, {
      medication: to.medication,
      endsOn: t.enrollmentEndDate,
      daysLeft: daysBetween(sentOn, t.enrollmentEndDate),
      verified: to.verified,
      renewal: to.verified ? renewal : null,
    });
    await this.ledger.once(`email:${enrollmentTimerId(t)}`, () => this.mailer.send(to.email, email));
  }

  /**
   * Where the renewal of this enrollment stands for its patient, read as their dashboard shows it. Its day has come:
   * opened first if its own timer, due at the same moment as a late reminder, has not run yet (openRenewal opens it
   * once, whichever runs first).
   */
  private async renewal(t: EnrollmentTimer, language: Language): Promise<RenewalStep> {
    const { applicationId, enrollmentEndDate: endsOn } = t;
    await this.db.transaction((manager) => openRenewal(manager, applicationId, endsOn));
    const renewal = await renewalOfApplication(this.db.manager, applicationId, endsOn);
    const [view] = renewal ? await applicationViews(this.db.manager, [renewal], this.facts, language) : [];
    return renewalStep(view);
  }
}
