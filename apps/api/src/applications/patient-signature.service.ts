import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApplicationView, PatientSignaturePayload } from '@rxbridge/contracts';
import { Application } from '@rxbridge/database';
import { applicationViews, EligibilityFactsStore, readApplications, signAsPatient } from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess } from '../common/record-access';

/** The patient's signature on their own application (docs/product.md §17). */
@Injectable()
export class PatientSignatureService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** Another patient's application answers 404 like one that does not exist. */
  async sign(
    user: AuthUser,
    applicationId: string,
    input: PatientSignaturePayload,
    meta: { ip: string; userAgent: string },
  ): Promise<ApplicationView> {
    return this.db.transaction(async (manager) => {
      await this.access.own(Application, applicationId, user, 'Application', { manager, lock: true });
      await signAsPatient(manager, applicationId, input, { ...meta, facts: this.facts });
      const [app] = await readApplications(manager, [applicationId]);
      const [view] = await applicationViews(manager, [app], this.facts);
      return view;
    });
  }
}
