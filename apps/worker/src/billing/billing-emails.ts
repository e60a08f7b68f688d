import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { findUser } from '@rxbridge/accounts';
import {
  findPayment,
  findSubscription,
  PAYMENT_FAILURES,
  paymentDescriptionIn,
  paymentFailureIn,
} from '@rxbridge/billing';
import { formatCents } from '@rxbridge/domain';
import { Mailer } from '../email/mailer';
import { EffectLedger } from '../queue/effect-ledger';
import type { HandlerMap } from '../queue/handler-map';
import { DECLINED_FALLBACK, paymentFailedEmail, receiptEmail } from './billing-templates';

/**
 * Emails on the email queue for billing events: a receipt, or a declined card with a way to fix it (none for a
 * charge let go because its subscription was cancelled, nor for a decline of a subscription cancelled since, nor
 * for a decline the payment no longer has: paid since with a new card, or being retried with one).
 */
@Injectable()
export class BillingEmails {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  readonly handlers: HandlerMap = {
    'payment.settled': async (e) => {
      const payment = await findPayment(this.db.manager, e.payload.paymentId);
      const user = await findUser(this.db.manager, e.payload.userId);
      // The outcome it tells is no longer the payment's (a decline held back while a new card paid the period, or
      // is being tried): stale, not sent, as a status email overtaken is not (docs/architecture.md §6).
      if (!payment || !user || payment.status !== e.payload.status) return;
      // A charge let go because the patient cancelled asks for no new card: the payment history says why.
      if (payment.failureMessage === PAYMENT_FAILURES.subscriptionCancelled) return;
      // Nor does a decline of a subscription the patient has cancelled since: no new card would charge it again.
      if (e.payload.status === 'FAILED') {
        const subscription = await findSubscription(this.db.manager, payment.subscriptionId);
        if (subscription?.status === 'CANCELLED') return;
      }
      const language = user.preferredLanguage;
      const amount = formatCents(payment.amount, { language });
      const email =
        e.payload.status === 'SUCCEEDED'
          ? receiptEmail[language](
              this.settings,
              user.firstName,
              amount,
              paymentDescriptionIn(payment.description, language),
              payment.updatedAt,
            )
          : paymentFailedEmail[language](
              this.settings,
              user.firstName,
              amount,
              payment.failureMessage ? paymentFailureIn(payment.failureMessage, language) : DECLINED_FALLBACK[language],
            );
      await this.ledger.once(`email:${e.id}`, () => this.mailer.send(user.email, email));
    },
  };
}
