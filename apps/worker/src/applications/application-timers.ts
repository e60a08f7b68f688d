import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import {
  addDays,
  armsTimers,
  canTransition,
  dayTimerFiresAt,
  ENROLLED_STATES,
  enrollmentReminderDueAt,
  ENROLLMENT_REMINDER_DAYS,
  parseDate,
  RENEWAL_DUE_FROM_STATES,
  RENEWAL_OPEN_DAYS,
  renewalDueTimerAt,
  toIsoDate,
} from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import type { DomainEvent, DomainEventMap } from '@rxbridge/events';
import {
  applicationsWithTimers,
  changeApplicationState,
  findApplicationWithMedication,
  latestShipments,
  readApplications,
  renewalOfApplication,
  renewalTakingOver,
  takenOverClose,
  TIMELINE_NOTES,
} from '@rxbridge/applications';
import type { HandlerMap } from '../queue/handler-map';
import { TimerJobs } from '../queue/timer-jobs';
import { AskedDocuments } from './asked-documents';
import { EnrollmentTimers, enrollmentTimerId, type EnrollmentTimer } from './enrollment-timers';

type TimerDue = DomainEventMap['application.timer_due'];

/**
 * The refill and renewal timers (docs/product.md §5 Applications) as BullMQ delayed jobs: they live in Redis
 * and survive restarts of every process. Job ids are deterministic, so arming a timer twice is a
 * no-op; the worker re-arms from the database at start in case Redis lost them. When a timer
 * fires, the case moves only if that move is still legal and still about the same shipment or
 * enrollment; the move goes through the normal path (timeline, outbox, email, push).
 */
@Injectable()
export class ApplicationTimers implements OnApplicationBootstrap {
  private readonly logger = new Logger('ApplicationTimers');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(EnrollmentTimers) private readonly enrollment: EnrollmentTimers,
    @Inject(AskedDocuments) private readonly asked: AskedDocuments,
    @Inject(TimerJobs) private readonly jobs: TimerJobs,
  ) {}

  readonly handlers: HandlerMap = {
    'application.timer_due': (e) => this.fire(e),
  };

  async onApplicationBootstrap() {
    const armed = await this.armAll();
    if (armed) this.logger.log(`checked ${armed} refill and renewal timers`);
  }

  /**
   * Arms what the application's current state calls for; called after every committed move. A move
   * into a state that arms nothing is not looked up: if the case has moved on since, that later
   * move arms what its state needs (docs/architecture.md §15 Performance).
   */
  async armFor(applicationId: string, movedTo: ApplicationState): Promise<void> {
    if (!armsTimers(movedTo)) return;
    await this.arm(await readApplications(this.db.manager, [applicationId]));
  }

  /** Every timer the database says should be pending: a cheap query over open cases. */
  async armAll(): Promise<number> {
    const apps = await applicationsWithTimers(this.db.manager);
    await this.arm(apps);
    return apps.length;
  }

  private async arm(apps: Application[]): Promise<void> {
    // The refill clock starts at delivery: armed earlier it could fire while the shipment is still
    // on its way, find nothing to do, and its spent id would block the real one.
    const delivered = apps.filter((a) => a.state === 'DELIVERED');
    const latest = await latestShipments(
      this.db.manager,
      delivered.map((a) => a.id),
    );
    for (const app of apps) {
      const shipment = latest.get(app.id);
      if (app.state === 'DELIVERED' && shipment) {
        await this.schedule(`refill-${shipment.id}`, parseDate(shipment.refillDueAt)!, {
          kind: 'refill',
          applicationId: app.id,
          userId: app.userId,
          shipmentId: shipment.id,
        });
      }
      // Renewal due once the first shipment is scheduled (never from Approved, which alone can record it), and never
      // before the enrollment starts: a day already past fires at once.
      const endsOn = app.enrollmentEndDate;
      if (RENEWAL_DUE_FROM_STATES.includes(app.state) && endsOn) {
        await this.schedule(`renewal-${app.id}-${endsOn}`, renewalDueTimerAt(endsOn, app.enrollmentStartDate), {
          kind: 'renewal',
          applicationId: app.id,
          userId: app.userId,
          enrollmentEndDate: endsOn,
        });
      }
      if (ENROLLED_STATES.includes(app.state)) await this.armEnrollment(app);
    }
  }

  /**
   * The enrollment's reminders and its renewal opening (docs/product.md §18). A reminder due before
   * the enrollment started is left out (a short enrollment); the renewal always opens, at once if
   * its day has passed.
   */
  private async armEnrollment(app: Application): Promise<void> {
    const { enrollmentStartDate: startsOn, enrollmentEndDate: endsOn } = app;
    if (!startsOn || !endsOn) return;
    const base = { applicationId: app.id, userId: app.userId, enrollmentEndDate: endsOn };
    const timers: [EnrollmentTimer, Date][] = ENROLLMENT_REMINDER_DAYS.map((daysBefore) => [
      { kind: 'enrollment-reminder', ...base, daysBefore },
      enrollmentReminderDueAt(endsOn, daysBefore),
    ]);
    timers.push([{ kind: 'renewal-open', ...base }, enrollmentReminderDueAt(endsOn, RENEWAL_OPEN_DAYS)]);
    for (const [timer, dueAt] of timers) {
      if (timer.kind === 'enrollment-reminder' && dueAt < parseDate(startsOn)!) continue;
      await this.schedule(enrollmentTimerId(timer), dueAt, timer);
    }
  }

  /** A timer due on a day fires at DAY_TIMER_HOUR_UTC that day: the patient's morning, not the evening before. */
  private schedule(jobId: string, dueOn: Date, payload: TimerDue): Promise<void> {
    return this.jobs.arm('application.timer_due', jobId, dayTimerFiresAt(dueOn), payload, payload.userId);
  }

  private async fire(e: DomainEvent<'application.timer_due'>): Promise<void> {
    const p = e.payload;
    if (p.kind === 'enrollment-reminder' || p.kind === 'renewal-open') return this.enrollment.fire(p);
    if (p.kind === 'asked') return this.asked.fire(p);
    await this.db.transaction(async (manager) => {
      const found = await findApplicationWithMedication(manager, p.applicationId, { lock: true });
      if (!found) return;
      const { app } = found;
      let note: string;
      if (p.kind === 'refill') {
        if (!canTransition(app.state, 'REFILL_DUE')) return;
        const latest = (await latestShipments(manager, [app.id])).get(app.id);
        // A newer shipment has its own timer.
        if (!latest || latest.id !== p.shipmentId) return;
        const runsOut = toIsoDate(addDays(latest.shipmentDate, latest.daysOfSupply));
        note = TIMELINE_NOTES.refillDue(latest.daysOfSupply, latest.shipmentDate, runsOut);
      } else {
        // A new approval set a new end date, with a timer of its own; an approved case waits for its first shipment.
        if (!RENEWAL_DUE_FROM_STATES.includes(app.state) || app.enrollmentEndDate !== p.enrollmentEndDate) return;
        // Its renewal approved already took over: the enrollment closes now, with no news of a re-enrollment to come.
        // Locked, so an approval of it still committing is waited for and seen (docs/architecture.md §6).
        const renewal = await renewalOfApplication(manager, app.id, app.enrollmentEndDate, { lock: true });
        const takingOver = renewal && renewalTakingOver(app, [renewal]);
        if (takingOver) {
          await changeApplicationState(manager, takenOverClose(app, takingOver));
          return;
        }
        note = TIMELINE_NOTES.reEnrollDue(app.enrollmentEndDate);
      }
      await changeApplicationState(manager, {
        applicationId: app.id,
        toState: p.kind === 'refill' ? 'REFILL_DUE' : 'RENEWAL_DUE',
        note,
        actor: { id: null, role: 'SYSTEM' },
      });
    });
  }
}
