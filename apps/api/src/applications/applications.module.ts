import { Module } from '@nestjs/common';
import { RecordAccess } from '../common/record-access';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';

/** Patient Assistance Program applications, patient side (DESIGN.md sections 2 and 3). */
@Module({
  controllers: [ApplicationsController],
  providers: [RecordAccess, ApplicationsService],
  exports: [ApplicationsService],
})
export class ApplicationsModule {}
