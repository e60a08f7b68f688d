import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ApplicationView, Language, PatientSignaturePayload, ShipToChoice } from '@rxbridge/contracts';
import { Application } from '@rxbridge/database';
import {
  applicationViews,
  chooseShipTo,
  EligibilityFactsStore,
  readApplications,
  signAsPatient,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { RecordAccess } from '../common/record-access';

/** What the patient gives their program's packet: their signature and the ship-to choice (docs/product.md §17). */
@Injectable()
export class PatientPacketService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  sign(
    user: AuthUser,
    applicationId: string,
    input: PatientSignaturePayload,
    meta: { ip: string; userAgent: string },
    language: Language = 'en',
  ): Promise<ApplicationView> {
    return this.onOwn(
      user,
      applicationId,
      (manager) => signAsPatient(manager, applicationId, input, { ...meta, facts: this.facts }),
      language,
    );
  }

  chooseShipTo(
    user: AuthUser,
    applicationId: string,
    shipTo: ShipToChoice,
    language: Language = 'en',
  ): Promise<ApplicationView> {
    return this.onOwn(user, applicationId, (manager) => chooseShipTo(manager, applicationId, shipTo), language);
  }

  /** A change of the patient's own application (another patient's answers 404), answered with its new view. */
  private onOwn(
    user: AuthUser,
    applicationId: string,
    change: (manager: EntityManager) => Promise<void>,
    language: Language,
  ) {
    return this.db.transaction(async (manager) => {
      await this.access.own(Application, applicationId, user, 'Application', { manager, lock: true });
      await change(manager);
      const [app] = await readApplications(manager, [applicationId]);
      const [view] = await applicationViews(manager, [app], this.facts, language);
      return view;
    });
  }
}
