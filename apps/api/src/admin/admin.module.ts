import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { QueueBoardSessions } from './queue-board';
import { AuditController } from './audit.controller';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';

/** Operators' tools under /admin: queue health and Bull Board, the audit log and insights. */
@Module({
  imports: [AccountsModule],
  controllers: [QueuesController, AuditController, InsightsController],
  providers: [QueuesService, QueueBoardSessions, InsightsService],
})
export class AdminModule {}
