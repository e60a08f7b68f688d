import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { InsurancePayload, InsuranceView } from '@rxbridge/contracts';
import { Insurance } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
import type { AuthUser } from '../../common/auth.guard';
import { RecordAccess } from '../../common/record-access';
import { insertInOrder, RECORD_ORDER } from '../record-order';

function toInsuranceView(i: Insurance): InsuranceView {
  return {
    id: i.id,
    provider: i.provider,
    policyNumber: i.policyNumber,
    groupNumber: i.groupNumber,
    coverageType: i.coverageType,
    documentUrl: i.documentUrl,
    createdAt: i.createdAt.toISOString(),
  };
}

@Injectable()
export class InsuranceService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
  ) {}

  async list(userId: string): Promise<InsuranceView[]> {
    const rows = await this.db.manager.find(Insurance, { where: { userId }, order: RECORD_ORDER });
    return rows.map(toInsuranceView);
  }

  /** Insurance decides the screening's coverage type: the patient's applications are re-screened (product.md §15). */
  async create(userId: string, input: InsurancePayload): Promise<InsuranceView> {
    const row = await this.db.transaction(async (manager) => {
      const [id] = await insertInOrder(manager, Insurance, [{ ...input, userId }]);
      await appendToOutbox(manager, 'user.eligibility_changed', { userId }, userId);
      return manager.findOneByOrFail(Insurance, { id, userId });
    });
    return toInsuranceView(row);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.access.own(Insurance, id, user, 'Insurance', { manager, lock: true });
      await manager.delete(Insurance, { id, userId: user.id });
      await appendToOutbox(manager, 'user.eligibility_changed', { userId: user.id }, user.id);
    });
  }
}
