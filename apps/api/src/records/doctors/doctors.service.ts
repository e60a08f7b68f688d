import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DoctorPayload, DoctorView } from '@rxbridge/contracts';
import { Doctor } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
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

  /**
   * Every field of a doctor is printed in the packets of their prescriptions: a change (a new address, NPI...) leaves
   * the signatures no longer current, and the screens showing the patient's applications read them again
   * (docs/product.md §17).
   */
  async update(user: AuthUser, id: string, input: DoctorPayload): Promise<DoctorView> {
    return this.db.transaction(async (manager) => {
      const doctor = await this.access.own(Doctor, id, user, 'Doctor', { manager, lock: true });
      const saved = await updateDoctor(manager, doctor, input);
      await appendToOutbox(manager, 'user.eligibility_changed', { userId: user.id }, user.id);
      return toDoctorView(saved);
    });
  }

  /**
   * Prescriptions written by this doctor stay, without a prescriber (ON DELETE SET NULL): their packets print none
   * now, and the screens read the patient's applications again (docs/product.md §17).
   */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.access.own(Doctor, id, user, 'Doctor', { manager, lock: true });
      await deleteDoctor(manager, id, user.id);
      await appendToOutbox(manager, 'user.eligibility_changed', { userId: user.id }, user.id);
    });
  }
}
