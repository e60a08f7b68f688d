import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { RecordAccess } from '../common/record-access';
import { RateLimiter } from '../common/rate-limiter';
import { SETTINGS, decodeEncryptionKey, type Settings } from '@rxbridge/platform';
import { DoctorsController } from './doctors/doctors.controller';
import { DoctorsService } from './doctors/doctors.service';
import { DocumentCipher, createDocumentStorage, DOCUMENT_STORAGE } from '@rxbridge/documents';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { InsuranceController } from './insurance/insurance.controller';
import { InsuranceService } from './insurance/insurance.service';
import { PrescriptionsController } from './prescriptions/prescriptions.controller';
import { PrescriptionsService } from './prescriptions/prescriptions.service';

/** A patient's doctors, prescriptions, insurance and documents (docs/product.md §6 Records, §10 API). */
@Module({
  imports: [BillingModule],
  controllers: [DoctorsController, PrescriptionsController, InsuranceController, DocumentsController],
  providers: [
    RecordAccess,
    RateLimiter,
    DoctorsService,
    PrescriptionsService,
    InsuranceService,
    DocumentsService,
    { provide: DOCUMENT_STORAGE, inject: [SETTINGS], useFactory: createDocumentStorage },
    {
      provide: DocumentCipher,
      inject: [SETTINGS],
      useFactory: (s: Settings) => new DocumentCipher(decodeEncryptionKey(s.DOCUMENTS_ENCRYPTION_KEY)!),
    },
  ],
  exports: [RecordAccess, PrescriptionsService, DOCUMENT_STORAGE, DocumentCipher],
})
export class RecordsModule {}
