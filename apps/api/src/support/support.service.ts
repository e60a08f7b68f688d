import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  AdminSupportMessagesAnswer,
  AdminSupportMessagesQuery,
  SupportMessagePayload,
  SupportReplyPayload,
  SupportMessageView,
} from '@rxbridge/contracts';
import { API_MESSAGES } from '@rxbridge/contracts';
import { isUuid } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
import { conflict, notFound } from '@rxbridge/platform';
import {
  answerSupportMessage,
  awaitingSupportMessages,
  insertSupportMessage,
  latestSupportMessages,
} from '@rxbridge/records';
import type { AuthUser } from '../common/auth.guard';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import { paginate } from '../common/pagination';
import { writeAudit } from '../common/record-access';
import { toSupportMessageView } from './support-message-view';

/** The messages the patient's Need Help dialog lists. */
export const SUPPORT_MESSAGES_SHOWN = 5;

/**
 * A patient's messages to support (docs/product.md §21): kept in PostgreSQL with the event that mails the support
 * inbox and the patient's receipt, in one transaction, so a message is never kept unannounced nor announced unkept.
 */
@Injectable()
export class SupportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async send(patient: AuthUser, input: SupportMessagePayload, address: string): Promise<SupportMessageView> {
    await this.limiter.hit(
      [RATE_LIMITS.supportMessageAccount, patient.id],
      [RATE_LIMITS.supportMessageAddress, address],
    );
    const message = await this.db.transaction(async (manager) => {
      const row = await insertSupportMessage(manager, patient.id, input);
      await appendToOutbox(manager, 'support.message_sent', { messageId: row.id, userId: patient.id }, patient.id);
      return row;
    });
    return toSupportMessageView(message);
  }

  async latest(patientId: string): Promise<SupportMessageView[]> {
    const messages = await latestSupportMessages(this.db.manager, patientId, SUPPORT_MESSAGES_SHOWN);
    return messages.map(toSupportMessageView);
  }

  /**
   * The messages awaiting a reply across patients, the longest wait first. Who wrote and the subject are patient
   * data: the list is audited like the patients' (the patients shown) before it is answered (docs/architecture.md §9).
   */
  async awaiting(actor: AuthUser, q: AdminSupportMessagesQuery): Promise<AdminSupportMessagesAnswer> {
    const [rows, totalCount] = await awaitingSupportMessages(this.db.manager, q.page, q.limit);
    await writeAudit(this.db.manager, actor, {
      action: 'support_messages.list',
      subjectUserId: null,
      metadata: { page: q.page, limit: q.limit, patientIds: [...new Set(rows.map((m) => m.userId))] },
    });
    return {
      messages: rows.map((m) => ({
        id: m.id,
        subject: m.subject,
        createdAt: m.createdAt.toISOString(),
        patient: { id: m.user!.id, firstName: m.user!.firstName, lastName: m.user!.lastName, email: m.user!.email },
      })),
      pagination: paginate(q.page, q.limit, totalCount),
    };
  }

  /**
   * A navigator marks a message answered, having replied by phone or email; audited with the patient it belongs to
   * (docs/architecture.md §9). A message answered already is read, not marked again: the audit says so, so the log
   * never credits a second navigator.
   */
  async markAnswered(staff: AuthUser, id: string): Promise<{ message: SupportMessageView; answeredNow: boolean }> {
    if (!isUuid(id)) throw notFound('Support message');
    return this.db.transaction(async (manager) => {
      const answer = await answerSupportMessage(manager, id, staff.id, null);
      if (!answer) throw notFound('Support message');
      await writeAudit(manager, staff, {
        action: answer.answered ? 'support_message.answered' : 'support_message.read',
        subjectUserId: answer.message.userId,
        entityType: 'support_message',
        entityId: answer.message.id,
      });
      return { message: toSupportMessageView(answer.message), answeredNow: answer.answered };
    });
  }

  /**
   * A navigator answers a message in the console: the reply is kept with it, audited, and mailed to the patient by
   * the event written in the same transaction (docs/product.md §21). A message answered already answers 409, with
   * nothing written: the patient never gets two answers to one message.
   */
  async reply(staff: AuthUser, id: string, input: SupportReplyPayload): Promise<SupportMessageView> {
    if (!isUuid(id)) throw notFound('Support message');
    return this.db.transaction(async (manager) => {
      const answer = await answerSupportMessage(manager, id, staff.id, input.reply);
      if (!answer) throw notFound('Support message');
      if (!answer.answered) throw conflict(API_MESSAGES.supportMessageAnsweredAlready, 'support-message-answered');
      const { message } = answer;
      await writeAudit(manager, staff, {
        action: 'support_message.replied',
        subjectUserId: message.userId,
        entityType: 'support_message',
        entityId: message.id,
      });
      await appendToOutbox(
        manager,
        'support.message_replied',
        { messageId: message.id, userId: message.userId },
        message.userId,
      );
      return toSupportMessageView(message);
    });
  }
}
