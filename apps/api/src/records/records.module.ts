import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { resolve } from 'node:path';
import { RecordAccess } from '../common/record-access';
import { SETTINGS } from '../config/settings.module';
import { decodeEncryptionKey, type Settings } from '../config/settings';
import { DoctorsController } from './doctors/doctors.controller';
import { DoctorsService } from './doctors/doctors.service';
import { DocumentCipher } from './documents/document-cipher';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { DOCUMENT_STORAGE, type DocumentStorage } from './documents/storage/document-storage';
import { LocalDiskStorage } from './documents/storage/local-disk.storage';
import { S3Storage } from './documents/storage/s3.storage';
import { InsuranceController } from './insurance/insurance.controller';
import { InsuranceService } from './insurance/insurance.service';
import { PrescriptionsController } from './prescriptions/prescriptions.controller';
import { PrescriptionsService } from './prescriptions/prescriptions.service';

/** The document storage the settings name: local disk by default, an S3-compatible bucket in production. */
export function createDocumentStorage(s: Settings): DocumentStorage {
  if (s.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      endpoint: s.S3_ENDPOINT!,
      region: s.S3_REGION!,
      bucket: s.S3_BUCKET!,
      accessKeyId: s.S3_ACCESS_KEY_ID!,
      secretAccessKey: s.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalDiskStorage(resolve(s.STORAGE_DIR));
}

/** A patient's doctors, prescriptions, insurance and documents (docs/product.md §6 Records, §10 API). */
@Module({
  imports: [BillingModule],
  controllers: [DoctorsController, PrescriptionsController, InsuranceController, DocumentsController],
  providers: [
    RecordAccess,
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
