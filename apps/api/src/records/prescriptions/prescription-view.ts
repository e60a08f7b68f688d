import type { PrescriptionView } from '@rxbridge/contracts';
import type { Prescription } from '@rxbridge/database';

/** A prescription with its doctor's name and contact, as the dashboard lists it. */
export function toPrescriptionView(p: Prescription): PrescriptionView {
  // Only ever the patient's own doctor; the check is cheap insurance against a bad row.
  const d = p.doctor && p.doctor.userId === p.userId ? p.doctor : null;
  return {
    id: p.id,
    medication: p.medication,
    dosage: p.dosage,
    frequency: p.frequency,
    doctorId: d?.id ?? null,
    doctor: d && { id: d.id, firstName: d.firstName, lastName: d.lastName, specialty: d.specialty, phone: d.phone },
    createdAt: p.createdAt.toISOString(),
  };
}
