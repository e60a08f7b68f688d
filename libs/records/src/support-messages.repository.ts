import type { EntityManager } from 'typeorm';
import { SupportMessage } from '@rxbridge/database';

/** A patient's message to support as they wrote it (docs/product.md §21). */
export async function insertSupportMessage(
  manager: EntityManager,
  userId: string,
  content: Pick<SupportMessage, 'subject' | 'message'>,
): Promise<SupportMessage> {
  const row = manager.create(SupportMessage, { userId, ...content, answeredAt: null, answeredBy: null, reply: null });
  return manager.save(SupportMessage, row);
}

/** The patient's latest `limit` messages, newest first. */
export function latestSupportMessages(
  manager: EntityManager,
  userId: string,
  limit: number,
): Promise<SupportMessage[]> {
  return manager.find(SupportMessage, {
    where: { userId },
    order: { createdAt: 'DESC', id: 'DESC' },
    take: limit,
  });
}

/** The messages awaiting a reply across patients, oldest first (the longest wait first), each with its patient. */
export function awaitingSupportMessages(
  manager: EntityManager,
  page: number,
  limit: number,
): Promise<[SupportMessage[], number]> {
  return manager
    .createQueryBuilder(SupportMessage, 'm')
    .innerJoinAndSelect('m.user', 'u')
    .where('m.answered_at IS NULL')
    .orderBy('m.created_at', 'ASC')
    .addOrderBy('m.id', 'ASC')
    .skip((page - 1) * limit)
    .take(limit)
    .getManyAndCount();
}

export function findSupportMessage(manager: EntityManager, id: string): Promise<SupportMessage | null> {
  return manager.findOneBy(SupportMessage, { id });
}

/**
 * Answers the message, once, by `staffId`: with their `reply` written in the console, or with none when they
 * replied by phone or email and mark it answered. A message answered already keeps its first answer (`answered`
 * false). Null when there is no such message.
 */
export async function answerSupportMessage(
  manager: EntityManager,
  id: string,
  staffId: string,
  reply: string | null,
): Promise<{ message: SupportMessage; answered: boolean } | null> {
  const { affected } = await manager
    .createQueryBuilder()
    .update(SupportMessage)
    .set({ answeredAt: () => 'now()', answeredBy: staffId, reply })
    .where('id = :id AND answered_at IS NULL', { id })
    .execute();
  const message = await findSupportMessage(manager, id);
  return message && { message, answered: affected === 1 };
}
