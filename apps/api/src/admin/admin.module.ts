import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApplicationsModule } from '../applications/applications.module';
import { BillingModule } from '../billing/billing.module';
import { RecordsModule } from '../records/records.module';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { QueueBoardSessions } from './queue-board';
import { AuditController } from './audit.controller';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';

/** /admin for care navigators (docs/product.md §8 Navigator console), and queue health for admins. */
@Module({
  imports: [AccountsModule, RecordsModule, ApplicationsModule, BillingModule],
  controllers: [AdminController, QueuesController, AuditController, InsightsController],
  providers: [AdminService, QueuesService, QueueBoardSessions, InsightsService],
})
export class AdminModule {}
