import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApplicationsModule } from '../applications/applications.module';
import { BillingModule } from '../billing/billing.module';
import { RecordsModule } from '../records/records.module';
import { MoveAnswers } from './move-answers';
import { NavigatorController } from './navigator.controller';
import { NavigatorMovesService } from './moves.service';
import { NavigatorPatientsService } from './patients.service';
import { NavigatorQueueService } from './queue.service';

/** The care navigators' console under /admin (docs/product.md §8 Navigator console). */
@Module({
  imports: [AccountsModule, RecordsModule, ApplicationsModule, BillingModule],
  controllers: [NavigatorController],
  providers: [NavigatorPatientsService, NavigatorQueueService, NavigatorMovesService, MoveAnswers],
})
export class NavigatorModule {}
