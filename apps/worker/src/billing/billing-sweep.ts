import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { findUser } from '@rxbridge/accounts';
import { endSubscription, renewalsBetween, renewalsDueBy, subscriptionsEndingBy } from '@rxbridge/billing';
import { addDays, formatCents } from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import { EffectLedger } from '../queue/effect-ledger';
import { Mailer } from '../email/mailer';
import { ChargeService } from './charge.service';
import { renewalReminderEmail } from './billing-templates';

const REMINDER_DAYS = 3;

/**
 * A tick every BILLING_SWEEP_SECONDS on the billing queue (ScheduledTicks); each tick renews
 * what is due, ends subscriptions cancelled at period end and sends renewal reminders. Working from
 * the database on every tick means nothing is lost if Redis loses a job, and the charge itself is
 * idempotent per period.
 */
@Injectable()
export class BillingSweep {
  private readonly logger = new Logger('BillingSweep');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(ChargeService) private readonly charges: ChargeService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  async run(now = new Date()): Promise<void> {
    await this.endCancelled(now);
    await this.renew(now);
    await this.remind(now);
  }

  private async endCancelled(now: Date) {
    for (const sub of await subscriptionsEndingBy(this.db.manager, now)) {
      await this.db.transaction(async (manager) => {
        if (await endSubscription(manager, sub.id, now))
          await appendToOutbox(
            manager,
            'subscription.changed',
            { subscriptionId: sub.id, userId: sub.userId },
            sub.userId,
          );
      });
    }
  }

  private async renew(now: Date) {
    for (const sub of await renewalsDueBy(this.db.manager, now)) {
      // One subscription's trouble (Stripe down) must not hold up the others; the next tick retries it.
      await this.charges
        .renew(sub.id, now)
        .catch((err) =>
          this.logger.warn({ err, subscriptionId: sub.id }, 'renewal charge will be retried on the next sweep'),
        );
    }
  }

  private async remind(now: Date) {
    for (const sub of await renewalsBetween(this.db.manager, now, addDays(now, REMINDER_DAYS))) {
      // Nothing will be charged at $0 (the month passes free): no reminder of a charge.
      if (sub.totalAmount <= 0) continue;
      const user = await findUser(this.db.manager, sub.userId);
      if (!user) continue;
      const language = user.preferredLanguage;
      const amount = formatCents(sub.totalAmount, { language });
      await this.ledger.once(`email:renewal-reminder:${sub.id}:${sub.periodsCharged}`, () =>
        this.mailer.send(
          user.email,
          renewalReminderEmail[language](this.settings, user.firstName, amount, sub.currentPeriodEnd!),
        ),
      );
    }
  }
}
