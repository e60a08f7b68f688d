import type { EntityManager } from 'typeorm';
import type { PrescriptionView } from '@rxbridge/contracts';
import { prepared, runPrepared } from '@rxbridge/database';

interface PrescriptionRow {
  id: string;
  medication: string;
  dosage: string;
  frequency: string;
  created_at: Date;
  doctor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  specialty: NonNullable<PrescriptionView['doctor']>['specialty'] | null;
  phone: string | null;
}

// Only ever the patient's own doctor: the join's user check is cheap insurance against a bad row.
const PRESCRIPTION_VIEWS = prepared(
  'prescription-views',
  `SELECT p.id, p.medication, p.dosage, p.frequency, p.created_at,
          d.id AS doctor_id, d.first_name, d.last_name, d.specialty, d.phone
     FROM prescriptions p
     LEFT JOIN doctors d ON d.id = p.doctor_id AND d.user_id = p.user_id
    WHERE p.user_id = $1 AND ($2::uuid[] IS NULL OR p.id = ANY($2::uuid[]))
    ORDER BY p.created_at ASC, p.id ASC`,
);

/**
 * The patient's prescriptions (or those of `ids`) with their doctor's name and contact, as the
 * dashboard lists them, in the order they were added. One prepared statement read straight into the
 * view: this is the dashboard's most frequent read, and building and hydrating the entities, or
 * planning the query each time, cost more than running it (docs/architecture.md §15 Performance).
 */
export async function prescriptionViews(
  manager: EntityManager,
  userId: string,
  ids?: string[],
): Promise<PrescriptionView[]> {
  const rows = await runPrepared<PrescriptionRow>(manager, PRESCRIPTION_VIEWS, [userId, ids ?? null]);
  return rows.map((r) => ({
    id: r.id,
    medication: r.medication,
    dosage: r.dosage,
    frequency: r.frequency,
    doctorId: r.doctor_id,
    doctor: r.doctor_id
      ? { id: r.doctor_id, firstName: r.first_name!, lastName: r.last_name!, specialty: r.specialty!, phone: r.phone }
      : null,
    createdAt: r.created_at.toISOString(),
  }));
}
