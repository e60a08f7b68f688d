import { Module } from '@nestjs/common';
import { EligibilityFactsStore } from '@rxbridge/applications';
import { SETTINGS, decodeEncryptionKey, type Settings } from '@rxbridge/platform';
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
    {
      provide: EligibilityFactsStore,
      inject: [SETTINGS],
      useFactory: (s: Settings) => EligibilityFactsStore.fromKey(decodeEncryptionKey(s.DOCUMENTS_ENCRYPTION_KEY)!),
    },
  ],
  exports: [ApplicationsService, EligibilityFactsStore],
})
export class ApplicationsModule {}
