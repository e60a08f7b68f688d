import { Module } from '@nestjs/common';
import { EligibilityFactsStore, eligibilityFactsProvider } from '@rxbridge/applications';
import { RecordAccess } from '../common/record-access';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { PatientPacketService } from './patient-packet.service';

/** Patient Assistance Program applications, patient side (docs/product.md §5 Applications, §10 API). */
@Module({
  controllers: [ApplicationsController],
  providers: [
    RecordAccess,
    ApplicationsService,
    PatientPacketService,
    // Household facts are sealed with the documents key (docs/architecture.md §14).
    eligibilityFactsProvider,
  ],
  exports: [ApplicationsService, EligibilityFactsStore],
})
export class ApplicationsModule {}
