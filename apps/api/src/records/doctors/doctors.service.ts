import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DoctorPayload, DoctorView } from '@rxbridge/contracts';
import { Doctor } from '@rxbridge/database';
import { deleteDoctor, findDoctors, insertDoctors, listDoctors, updateDoctor } from '@rxbridge/records';
import type { AuthUser } from '../../common/auth.guard';
import { RecordAccess } from '../../common/record-access';
import { toDoctorView } from './doctor-view';

@Injectable()
export class DoctorsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
  ) {}

  async list(userId: string): Promise<DoctorView[]> {
    return (await listDoctors(this.db.manager, userId)).map(toDoctorView);
  }

  /** All rows or none. */
  async createMany(userId: string, input: DoctorPayload[]): Promise<DoctorView[]> {
    const ids = await this.db.transaction((manager) => insertDoctors(manager, userId, input));
    return (await findDoctors(this.db.manager, userId, ids)).map(toDoctorView);
  }

  async update(user: AuthUser, id: string, input: DoctorPayload): Promise<DoctorView> {
    return this.db.transaction(async (manager) => {
      const doctor = await this.access.own(Doctor, id, user, 'Doctor', { manager, lock: true });
      return toDoctorView(await updateDoctor(manager, doctor, input));
    });
  }

  /** Prescriptions written by this doctor stay, without a prescriber (ON DELETE SET NULL). */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.access.own(Doctor, id, user, 'Doctor', { manager, lock: true });
      await deleteDoctor(manager, id, user.id);
    });
  }
}
