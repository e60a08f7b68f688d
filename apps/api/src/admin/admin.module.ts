import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { QueueBoardSessions } from './queue-board';
import { AuditController } from './audit.controller';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';
import { StaffController } from './staff.controller';
import { StaffService } from './staff.service';

/** Operators' tools under /admin: queue health and Bull Board, the audit log, insights and staff accounts. */
@Module({
  imports: [AccountsModule],
  controllers: [QueuesController, AuditController, InsightsController, StaffController],
  providers: [QueuesService, QueueBoardSessions, InsightsService, StaffService],
})
export class AdminModule {}
