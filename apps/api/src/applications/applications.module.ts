import { Module } from '@nestjs/common';
import { RecordAccess } from '../common/record-access';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';

/** Patient Assistance Program applications, patient side (docs/product.md §5 Applications, §10 API). */
@Module({
  controllers: [ApplicationsController],
  providers: [RecordAccess, ApplicationsService],
  exports: [ApplicationsService],
})
export class ApplicationsModule {}
