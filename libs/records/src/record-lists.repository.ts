import type { EntityManager } from 'typeorm';
import {
  Doctor,
  entityColumns,
  Insurance,
  PatientDocument,
  prepared,
  rowsFromJson,
  runPrepared,
} from '@rxbridge/database';
import { tableOf, type RecordEntity } from './owned-records.repository';

/** One list of a patient's rows as a JSON array, in the given order of its fields. */
const listOf = (entity: RecordEntity<unknown>, order: string) =>
  `(SELECT coalesce(json_agg(r ORDER BY ${order}), '[]') FROM (
      SELECT ${entityColumns(entity, 'r')} FROM ${tableOf(entity)} r WHERE r.user_id = $1) r)`;

// Doctors and insurance in the order they were added (RECORD_ORDER), documents newest first.
const RECORD_LISTS = prepared(
  'patient-record-lists',
  `SELECT ${listOf(Doctor, 'r."createdAt", r.id')} AS doctors,
          ${listOf(Insurance, 'r."createdAt", r.id')} AS insurances,
          ${listOf(PatientDocument, 'r."createdAt" DESC, r.id DESC')} AS documents`,
);

export interface RecordLists {
  doctors: Doctor[];
  insurances: Insurance[];
  documents: PatientDocument[];
}

/**
 * A patient's doctors and insurance as listDoctors and listInsurance give them, and every document,
 * newest first, in one statement: a navigator's record reads all three at once (docs/architecture.md §15).
 */
export async function recordLists(manager: EntityManager, userId: string): Promise<RecordLists> {
  const [row] = await runPrepared<Record<keyof RecordLists, Record<string, unknown>[]>>(manager, RECORD_LISTS, [
    userId,
  ]);
  return {
    doctors: manager.create(Doctor, rowsFromJson(Doctor, row.doctors)),
    insurances: manager.create(Insurance, rowsFromJson(Insurance, row.insurances)),
    documents: manager.create(PatientDocument, rowsFromJson(PatientDocument, row.documents)),
  };
}
