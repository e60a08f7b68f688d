import { In, type EntityManager } from 'typeorm';
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

/** The rows a packet is filled in from besides the application and the sealed household facts. */
export interface PacketSources {
  user: User;
  prescription: Prescription | null;
  doctor: Doctor | null;
  insurance: Insurance | null;
}

/**
 * What packets are filled in from besides the applications (docs/product.md §16): each patient, prescription, its
 * prescriber and the newest insurance record, for many applications in four reads whatever their number (the views
 * read them to tell whether a signature is still current, docs/product.md §17). One read after another: inside a
 * transaction the manager holds a single connection.
 */
export async function packetSourcesOf(
  manager: EntityManager,
  apps: Pick<Application, 'id' | 'userId' | 'prescriptionId'>[],
): Promise<Map<string, PacketSources>> {
  if (!apps.length) return new Map();
  const userIds = [...new Set(apps.map((a) => a.userId))];
  const users = new Map((await manager.findBy(User, { id: In(userIds) })).map((u) => [u.id, u]));
  const prescriptions = new Map(
    (await manager.findBy(Prescription, { id: In(apps.map((a) => a.prescriptionId)) })).map((p) => [p.id, p]),
  );
  const doctorIds = [...prescriptions.values()].map((p) => p.doctorId).filter((id): id is string => id !== null);
  const doctors = new Map(
    (doctorIds.length ? await manager.findBy(Doctor, { id: In(doctorIds) }) : []).map((d) => [d.id, d]),
  );
  const newest: Insurance[] = await manager
    .createQueryBuilder(Insurance, 'i')
    .distinctOn(['i.user_id'])
    .where('i.user_id IN (:...userIds)', { userIds })
    .orderBy('i.user_id')
    .addOrderBy('i.created_at', 'DESC')
    .addOrderBy('i.id', 'DESC')
    .getMany();
  const insurances = new Map(newest.map((i) => [i.userId, i]));
  return new Map(
    apps.map((a) => {
      const own = prescriptions.get(a.prescriptionId);
      const prescription = own && own.userId === a.userId ? own : null;
      const doctor = prescription?.doctorId ? doctors.get(prescription.doctorId) : undefined;
      return [
        a.id,
        {
          user: users.get(a.userId)!,
          prescription,
          doctor: doctor && doctor.userId === a.userId ? doctor : null,
          insurance: insurances.get(a.userId) ?? null,
        },
      ];
    }),
  );
}

/** One application's packet sources (packetSourcesOf). */
export async function packetSources(manager: EntityManager, app: Application): Promise<PacketSources> {
  return (await packetSourcesOf(manager, [app])).get(app.id)!;
}

/** The doctor the application's prescription names, or null (docs/product.md §16: the NPI a signature must match). */
export async function prescribingDoctorOf(manager: EntityManager, app: Pick<Application, 'userId' | 'prescriptionId'>) {
  const prescription = await prescriptionOf(manager, app);
  if (!prescription?.doctorId) return null;
  return manager.findOneBy(Doctor, { id: prescription.doctorId, userId: app.userId });
}
