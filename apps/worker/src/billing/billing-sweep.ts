import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource, LessThanOrEqual, Between } from 'typeorm';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { Subscription, User } from '@rxbridge/database';
import { addDays, formatCents } from '@rxbridge/domain';
import { appendToOutbox, QUEUES } from '@rxbridge/events';
import { EffectLedger } from '../queue/effect-ledger';
import { Mailer } from '../email/mailer';
import { declareTick } from '../queue/scheduled-tick';
import { ChargeService } from './charge.service';
import { renewalReminderEmail } from './billing-templates';

const REMINDER_DAYS = 3;

/**
 * A BullMQ job scheduler ticks every BILLING_SWEEP_SECONDS on the billing queue; each tick renews
 * what is due, ends subscriptions cancelled at period end and sends renewal reminders. Working from
 * the database on every tick means nothing is lost if Redis loses a job, and the charge itself is
 * idempotent per period.
 */
@Injectable()
export class BillingSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('BillingSweep');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ChargeService) private readonly charges: ChargeService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  async onApplicationBootstrap() {
    await declareTick(this.redis, this.settings.REDIS_PREFIX, {
      queue: QUEUES.billing,
      schedulerId: 'billing-sweep',
      everySeconds: this.settings.BILLING_SWEEP_SECONDS,
      name: 'billing.sweep_due',
    });
  }

  async run(now = new Date()): Promise<void> {
    await this.endCancelled(now);
    await this.renew(now);
    await this.remind(now);
  }

  private async endCancelled(now: Date) {
    const ending = await this.db.getRepository(Subscription).findBy({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: LessThanOrEqual(now),
    });
    for (const sub of ending) {
      await this.db.transaction(async (manager) => {
        const res = await manager.update(
          Subscription,
          { id: sub.id, status: 'ACTIVE' },
          { status: 'CANCELLED', cancelledAt: now },
        );
        if (res.affected)
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
    const due = await this.db.getRepository(Subscription).findBy({
      tier: 'ONGOING_CARE',
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: LessThanOrEqual(now),
    });
    for (const sub of due) {
      // One subscription's trouble (Stripe down) must not hold up the others; the next tick retries it.
      await this.charges
        .chargePeriod(sub.id, sub.periodsCharged, 'renewal')
        .catch((err) =>
          this.logger.warn({ err, subscriptionId: sub.id }, 'renewal charge will be retried on the next sweep'),
        );
    }
  }

  private async remind(now: Date) {
    const soon = await this.db.getRepository(Subscription).findBy({
      tier: 'ONGOING_CARE',
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: Between(now, addDays(now, REMINDER_DAYS)),
    });
    for (const sub of soon) {
      const user = await this.db.getRepository(User).findOneBy({ id: sub.userId });
      if (!user) continue;
      await this.ledger.once(`email:renewal-reminder:${sub.id}:${sub.periodsCharged}`, () =>
        this.mailer.send(
          user.email,
          renewalReminderEmail(this.settings, user.firstName, formatCents(sub.totalAmount), sub.currentPeriodEnd!),
        ),
      );
    }
  }
}
