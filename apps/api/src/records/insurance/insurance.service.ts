import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { InsurancePayload, InsuranceUpdatePayload, InsuranceView } from '@rxbridge/contracts';
import { toInsuranceView } from './insurance-view';
import { Insurance } from '@rxbridge/database';
import { changesInsurancePlan } from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import {
  addInsurance,
  currentInsurance,
  datePlanChange,
  deleteInsurance,
  listInsurance,
  lockPatientRow,
  updateInsurance,
} from '@rxbridge/records';
import type { AuthUser } from '../../common/auth.guard';
import { RecordAccess } from '../../common/record-access';

@Injectable()
export class InsuranceService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
  ) {}

  async list(userId: string): Promise<InsuranceView[]> {
    return (await listInsurance(this.db.manager, userId)).map(toInsuranceView);
  }

  /** Insurance decides the screening's coverage type: the patient's applications are re-screened (product.md §15). */
  async create(userId: string, input: InsurancePayload): Promise<InsuranceView> {
    const row = await this.db.transaction(async (manager) => {
      // The patient's insurance writes one at a time: the plan a delete leaves current is read after the others'.
      await lockPatientRow(manager, userId);
      const added = await addInsurance(manager, userId, input);
      await appendToOutbox(manager, 'user.eligibility_changed', { userId, checklists: true }, userId);
      return added;
    });
    return toInsuranceView(row);
  }

  /** The coverage answers decide the screening too: the open applications are re-screened (product.md §15). */
  async update(user: AuthUser, id: string, changes: InsuranceUpdatePayload): Promise<InsuranceView> {
    const row = await this.db.transaction(async (manager) => {
      await lockPatientRow(manager, user.id);
      const insurance = await this.access.own(Insurance, id, user, 'Insurance', { manager, lock: true });
      // Another plan is dated: no insurance card received before it is one of the patient's plan (docs/product.md §6.3).
      const planChanged = changesInsurancePlan(insurance, { ...insurance, ...changes });
      const saved = await updateInsurance(
        manager,
        insurance,
        planChanged ? { ...changes, planChangedAt: new Date() } : changes,
      );
      await appendToOutbox(manager, 'user.eligibility_changed', { userId: user.id, checklists: true }, user.id);
      return saved;
    });
    return toInsuranceView(row);
  }

  /**
   * Deleting the newest record makes the one before it the patient's plan, or leaves none: when that is another plan
   * (changesInsurancePlan), it is dated as their plan from now, as an edit making another plan is, and the cards of
   * the plan they left are asked again (docs/product.md §6.3).
   */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      // One insurance write at a time per patient (as create and update): the plan left current is read once the
      // others' are committed, and only its date is written (docs/architecture.md §14).
      await lockPatientRow(manager, user.id);
      await this.access.own(Insurance, id, user, 'Insurance', { manager, lock: true });
      const before = await currentInsurance(manager, user.id);
      await deleteInsurance(manager, id, user.id);
      const after = await currentInsurance(manager, user.id);
      if (after && changesInsurancePlan(before, after)) {
        await datePlanChange(manager, after.id);
      }
      await appendToOutbox(manager, 'user.eligibility_changed', { userId: user.id, checklists: true }, user.id);
    });
  }
}
