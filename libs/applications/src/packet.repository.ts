import type { EntityManager } from 'typeorm';
import { type Application, Doctor, Insurance, Prescription, User } from '@rxbridge/database';

/** The patient an application belongs to. */
export function patientOf(manager: EntityManager, app: Pick<Application, 'userId'>): Promise<User> {
  return manager.findOneByOrFail(User, { id: app.userId });
}

/** The application's prescription while the patient keeps it (null once removed). */
export function prescriptionOf(
  manager: EntityManager,
  app: Pick<Application, 'userId' | 'prescriptionId'>,
): Promise<Prescription | null> {
  return manager.findOneBy(Prescription, { id: app.prescriptionId, userId: app.userId });
}

/**
 * What a packet is filled in from besides the application (docs/product.md §16): the patient, the
 * prescription, its prescriber and the newest insurance record. One read after another: inside a
 * transaction the manager holds a single connection.
 */
export async function packetSources(manager: EntityManager, app: Application) {
  const user = await patientOf(manager, app);
  const prescription = await prescriptionOf(manager, app);
  const doctor = prescription?.doctorId
    ? await manager.findOneBy(Doctor, { id: prescription.doctorId, userId: app.userId })
    : null;
  const insurance = await manager.findOne(Insurance, {
    where: { userId: app.userId },
    order: { createdAt: 'DESC', id: 'DESC' },
  });
  return { user, prescription, doctor, insurance };
}

/** The doctor the application's prescription names, or null (docs/product.md §16: the NPI a signature must match). */
export async function prescribingDoctorOf(manager: EntityManager, app: Pick<Application, 'userId' | 'prescriptionId'>) {
  const prescription = await prescriptionOf(manager, app);
  if (!prescription?.doctorId) return null;
  return manager.findOneBy(Doctor, { id: prescription.doctorId, userId: app.userId });
}
