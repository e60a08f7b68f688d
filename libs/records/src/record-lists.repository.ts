import type { EntityManager } from 'typeorm';
import {
  Doctor,
  entityColumns,
  Insurance,
  PatientDocument,
  prepared,
  rowsFromJson,
  runPrepared,
  SupportMessage,
} from '@rxbridge/database';
import { tableOf, type RecordEntity } from './owned-records.repository';

/** One list of a patient's rows as a JSON array, in the given order of its fields. */
const listOf = (entity: RecordEntity<unknown>, order: string) =>
  `(SELECT coalesce(json_agg(r ORDER BY ${order}), '[]') FROM (
      SELECT ${entityColumns(entity, 'r')} FROM ${tableOf(entity)} r WHERE r.user_id = $1) r)`;

/** The messages to support a record shows: those awaiting a reply first, however many came after them. */
export const RECORD_SUPPORT_MESSAGES = 50;

// Doctors and insurance in the order they were added (RECORD_ORDER), documents newest first, then the messages to
// support (docs/product.md §21) with their counts, from one scan of the patient's messages.
const RECORD_LISTS = prepared(
  'patient-record-lists',
  `SELECT ${listOf(Doctor, 'r."createdAt", r.id')} AS doctors,
          ${listOf(Insurance, 'r."createdAt", r.id')} AS insurances,
          ${listOf(PatientDocument, 'r."createdAt" DESC, r.id DESC')} AS documents,
          (SELECT json_build_object(
             'list', coalesce(json_agg(to_jsonb(r) - 'rank' ORDER BY r.rank)
                       FILTER (WHERE r.rank <= ${RECORD_SUPPORT_MESSAGES}), '[]'),
             'total', count(*),
             'awaiting', count(*) FILTER (WHERE r."answeredAt" IS NULL))
           FROM (SELECT ${entityColumns(SupportMessage, 'm')},
                        row_number() OVER (ORDER BY m.answered_at IS NULL DESC,
                          CASE WHEN m.answered_at IS NULL THEN m.created_at END, m.created_at DESC, m.id DESC) AS rank
                   FROM support_messages m WHERE m.user_id = $1) r) AS "supportMessages"`,
);

export interface RecordLists {
  doctors: Doctor[];
  insurances: Insurance[];
  documents: PatientDocument[];
  /**
   * Up to RECORD_SUPPORT_MESSAGES: those awaiting a reply, the longest wait first (as the console's Messages page
   * lists them, so the one it links to is always here), then the latest answered.
   */
  supportMessages: SupportMessage[];
  supportMessageCount: number;
  supportMessagesAwaiting: number;
}

/**
 * A patient's doctors and insurance as listDoctors and listInsurance give them, every document, newest first, and
 * their messages to support, in one statement: a navigator's record reads them all at once (docs/architecture.md
 * §15).
 */
export async function recordLists(manager: EntityManager, userId: string): Promise<RecordLists> {
  type Row = Record<'doctors' | 'insurances' | 'documents', Record<string, unknown>[]> & {
    supportMessages: { list: Record<string, unknown>[]; total: number; awaiting: number };
  };
  const [row] = await runPrepared<Row>(manager, RECORD_LISTS, [userId]);
  return {
    doctors: manager.create(Doctor, rowsFromJson(Doctor, row.doctors)),
    insurances: manager.create(Insurance, rowsFromJson(Insurance, row.insurances)),
    documents: manager.create(PatientDocument, rowsFromJson(PatientDocument, row.documents)),
    supportMessages: manager.create(SupportMessage, rowsFromJson(SupportMessage, row.supportMessages.list)),
    supportMessageCount: row.supportMessages.total,
    supportMessagesAwaiting: row.supportMessages.awaiting,
  };
}
