import type { EntityManager } from 'typeorm';
import type { PrescriptionView } from '@rxbridge/contracts';

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

/**
 * The patient's prescriptions (or those of `ids`) with their doctor's name and contact, as the
 * dashboard lists them, in the order they were added. One statement read straight into the view:
 * this is the dashboard's most frequent read, and building and hydrating the entities cost more than
 * the query (docs/architecture.md §15 Performance).
 */
export async function prescriptionViews(
  manager: EntityManager,
  userId: string,
  ids?: string[],
): Promise<PrescriptionView[]> {
  const rows: PrescriptionRow[] = await manager.query(
    // Only ever the patient's own doctor: the join's user check is cheap insurance against a bad row.
    `SELECT p.id, p.medication, p.dosage, p.frequency, p.created_at,
            d.id AS doctor_id, d.first_name, d.last_name, d.specialty, d.phone
       FROM prescriptions p
       LEFT JOIN doctors d ON d.id = p.doctor_id AND d.user_id = p.user_id
      WHERE p.user_id = $1 AND ($2::uuid[] IS NULL OR p.id = ANY($2::uuid[]))
      ORDER BY p.created_at ASC, p.id ASC`,
    [userId, ids ?? null],
  );
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
