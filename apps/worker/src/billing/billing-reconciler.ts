import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import {
  activeStaff,
  backOffPendingPayment,
  pendingPaymentsDue,
  subscriptionsMissingFirstCharge,
  unpaidFirstCharges,
} from '@rxbridge/billing';
import { EffectLedger } from '../queue/effect-ledger';
import { Mailer } from '../email/mailer';
import { ChargeService } from './charge.service';
import { unpaidFirstChargeEmail } from './billing-templates';

const MAX_BACKOFF_MS = 24 * 3600 * 1000;
const BATCH = 100;

/**
 * The charge reconciliation (docs/architecture.md §7 Exactly-once charges): a tick every
 * BILLING_RECONCILE_SECONDS on the billing queue (ScheduledTicks). Each tick, from the database:
 * - settles every payment PENDING for CHARGE_RECONCILE_AFTER_SECONDS from Stripe's answer (the
 *   answer and the webhook were lost, or Stripe was down for longer than the job's attempts), with
 *   a backoff doubling up to a day while Stripe keeps failing; one whose subscription was cancelled has its
 *   intent cancelled at Stripe first, then is recorded as paid if Stripe took the money, else FAILED as not
 *   charged (ChargeService.settle), and stays PENDING while Stripe cannot be reached;
 * - charges every PENDING_CHARGE subscription whose first shipment is scheduled and which has no
 *   payment yet (its job was lost);
 * - mails the navigators once when such a first charge is still unpaid after CHARGE_UNPAID_ALERT_SECONDS.
 */
@Injectable()
export class BillingReconciler {
  private readonly logger = new Logger('BillingReconciler');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(ChargeService) private readonly charges: ChargeService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  async run(now = new Date()): Promise<void> {
    await this.settlePending(now);
    await this.chargeMissing();
    await this.alertUnpaid(now);
  }

  private async settlePending(now: Date) {
    const afterMs = this.settings.CHARGE_RECONCILE_AFTER_SECONDS * 1000;
    const due = await pendingPaymentsDue(this.db.manager, now, afterMs, BATCH);
    for (const payment of due) {
      try {
        if (await this.charges.settle(payment.id)) continue;
      } catch (err) {
        this.logger.warn({ err, paymentId: payment.id }, 'pending charge not settled; backing off');
      }
      // Stripe still failing, or nothing may charge it now (no card, or Stripe still processing it): look again later,
      // twice as late each time, at most a day, so such rows never fill every batch. A settled row is
      // no longer PENDING and is left alone.
      const attempts = payment.reconcileAttempts + 1;
      const waitMs = Math.min(afterMs * 2 ** attempts, MAX_BACKOFF_MS);
      await backOffPendingPayment(this.db.manager, payment.id, attempts, new Date(now.getTime() + waitMs));
    }
  }

  private async chargeMissing() {
    for (const subscriptionId of await subscriptionsMissingFirstCharge(this.db.manager, BATCH)) {
      await this.charges
        .chargePeriod(subscriptionId, 0, 'first')
        .catch((err) => this.logger.warn({ err, subscriptionId }, 'first charge left for the next tick'));
    }
  }

  private async alertUnpaid(now: Date) {
    const since = new Date(now.getTime() - this.settings.CHARGE_UNPAID_ALERT_SECONDS * 1000);
    const unpaid = await unpaidFirstCharges(this.db.manager, since, BATCH);
    if (!unpaid.length) return;
    const staff = await activeStaff(this.db.manager);
    for (const row of unpaid) {
      for (const member of staff) {
        await this.ledger.once(`email:charge-unpaid:${row.paymentId}:${member.id}`, () =>
          this.mailer.send(member.email, unpaidFirstChargeEmail(this.settings, row.userId, row.createdAt)),
        );
      }
    }
  }
}
