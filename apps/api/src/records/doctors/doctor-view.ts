import type { DoctorView } from '@rxbridge/contracts';
import type { Doctor } from '@rxbridge/database';

export function toDoctorView(d: Doctor): DoctorView {
  return {
    id: d.id,
    firstName: d.firstName,
    lastName: d.lastName,
    specialty: d.specialty,
    phone: d.phone,
    doctorAddress: d.doctorAddress,
    npiNumber: d.npiNumber,
    createdAt: d.createdAt.toISOString(),
  };
}
