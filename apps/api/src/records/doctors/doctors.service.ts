import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { DoctorPayload, DoctorView } from '@rxbridge/contracts';
import { Doctor } from '@rxbridge/database';
import type { AuthUser } from '../../common/auth.guard';
import { RecordAccess } from '../../common/record-access';
import { insertInOrder, RECORD_ORDER } from '../record-order';
import { toDoctorView } from './doctor-view';

@Injectable()
export class DoctorsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
  ) {}

  async list(userId: string): Promise<DoctorView[]> {
    const rows = await this.db.manager.find(Doctor, { where: { userId }, order: RECORD_ORDER });
    return rows.map(toDoctorView);
  }

  /** All rows or none. */
  async createMany(userId: string, input: DoctorPayload[]): Promise<DoctorView[]> {
    const ids = await this.db.transaction((manager) =>
      insertInOrder(
        manager,
        Doctor,
        input.map((d) => ({ ...d, userId })),
      ),
    );
    const rows = await this.db.manager.find(Doctor, { where: { id: In(ids), userId }, order: RECORD_ORDER });
    return rows.map(toDoctorView);
  }

  async update(user: AuthUser, id: string, input: DoctorPayload): Promise<DoctorView> {
    return this.db.transaction(async (manager) => {
      const doctor = await this.access.own(Doctor, id, user, 'Doctor', { manager, lock: true });
      return toDoctorView(await manager.save(Doctor, Object.assign(doctor, input)));
    });
  }

  /** Prescriptions written by this doctor stay, without a prescriber (ON DELETE SET NULL). */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.access.own(Doctor, id, user, 'Doctor', { manager, lock: true });
      await manager.delete(Doctor, { id, userId: user.id });
    });
  }
}
