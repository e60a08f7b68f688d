import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEvent, DomainEventMap } from '@rxbridge/events';
import { findUser, findPasswordReset, resetCode, resetLinkToken, verificationToken } from '@rxbridge/accounts';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { findSupportMessage } from '@rxbridge/records';
import { EffectLedger } from '../queue/effect-ledger';
import { Mailer } from './mailer';
import * as templates from './templates';
import type { HandlerMap } from '../queue/handler-map';

/**
 * Emails for account events and messages to support. Each sends at most once per event (the ledger), retried on
 * failure.
 */
@Injectable()
export class EmailHandlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  readonly handlers: HandlerMap = {
    'user.registered': (e) => this.verification(e, false),
    'user.verification_requested': (e) => this.verification(e, true),
    'user.password_reset_requested': (e) => this.passwordReset(e),
    'user.password_changed': (e) => this.passwordChanged(e),
    'support.message_sent': (e) => this.supportMessage(e),
    'support.message_replied': (e) => this.supportReply(e),
  };

  private get brand(): templates.Brand {
    return templates.brandOf(this.settings);
  }

  private async verification(e: DomainEvent<'user.registered' | 'user.verification_requested'>, resend: boolean) {
    const p = e.payload as DomainEventMap['user.registered'];
    const user = await findUser(this.db.manager, p.userId);
    if (!user || user.emailVerifiedAt) return;
    const link = `${this.settings.APP_URL}/verify-email?token=${encodeURIComponent(verificationToken(this.settings.JWT_SECRET, p.verificationId))}`;
    await this.ledger.once(`email:${e.id}`, () =>
      this.mailer.send(
        user.email,
        templates.verificationEmail[user.preferredLanguage](this.brand, user.firstName, link, resend),
      ),
    );
  }

  private async passwordReset(e: DomainEvent<'user.password_reset_requested'>) {
    const { userId, resetId, via } = e.payload;
    const [user, reset] = await Promise.all([
      findUser(this.db.manager, userId),
      findPasswordReset(this.db.manager, resetId),
    ]);
    // A reset already spent or superseded needs no email.
    if (!user || !reset || reset.usedAt) return;
    const secret = this.settings.JWT_SECRET;
    // In the account's language: the request names only an email address (docs/product.md, Languages).
    const language = user.preferredLanguage;
    const email =
      via === 'code'
        ? templates.resetCodeEmail[language](this.brand, user.firstName, resetCode(secret, resetId))
        : templates.resetLinkEmail[language](
            this.brand,
            user.firstName,
            `${this.settings.APP_URL}/reset-password?token=${encodeURIComponent(resetLinkToken(secret, resetId))}`,
          );
    await this.ledger.once(`email:${e.id}`, () => this.mailer.send(user.email, email));
  }

  private async passwordChanged(e: DomainEvent<'user.password_changed'>) {
    const user = await findUser(this.db.manager, e.payload.userId);
    if (!user) return;
    await this.ledger.once(`email:${e.id}`, () =>
      this.mailer.send(user.email, templates.passwordChangedEmail[user.preferredLanguage](this.brand, user.firstName)),
    );
  }

  /**
   * The support inbox is told a message arrived, the patient gets a receipt: each once, neither waiting on the
   * other (docs/product.md §21). An address not verified gets no receipt: messages must not mail a stranger.
   */
  private async supportMessage(e: DomainEvent<'support.message_sent'>) {
    const { messageId, userId } = e.payload;
    const [message, user] = await Promise.all([
      findSupportMessage(this.db.manager, messageId),
      findUser(this.db.manager, userId),
    ]);
    // The account was closed since: there is nobody to answer.
    if (!message || !user) return;
    const sent = await Promise.allSettled([
      this.ledger.once(`email:${e.id}:inbox`, () =>
        this.mailer.send(this.settings.SUPPORT_EMAIL, templates.supportInboxEmail(this.brand, userId)),
      ),
      user.emailVerifiedAt &&
        this.ledger.once(`email:${e.id}`, () =>
          this.mailer.send(
            user.email,
            templates.supportReceiptEmail[user.preferredLanguage](this.brand, user.firstName),
          ),
        ),
    ]);
    // The job is retried for the one that failed; the ledger keeps the other from going twice.
    const failed = sent.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * A navigator's reply goes to the patient once (docs/product.md §21), at a verified address only, like every email
   * that carries what the care team wrote: an address not verified may be a stranger's. Unverified, the patient reads
   * it on their dashboard.
   */
  private async supportReply(e: DomainEvent<'support.message_replied'>) {
    const { messageId, userId } = e.payload;
    const [message, user] = await Promise.all([
      findSupportMessage(this.db.manager, messageId),
      findUser(this.db.manager, userId),
    ]);
    if (!message?.reply || !user?.emailVerifiedAt) return;
    const reply = message.reply;
    await this.ledger.once(`email:${e.id}`, () =>
      this.mailer.send(
        user.email,
        templates.supportReplyEmail[user.preferredLanguage](this.brand, user.firstName, reply),
      ),
    );
  }
}
