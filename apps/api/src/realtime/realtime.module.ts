import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RealtimeGateway } from './realtime.gateway';

/** The Socket.IO gateway; the adapter (RedisIoAdapter) is installed by createApiServer. */
@Module({
  imports: [AccountsModule],
  providers: [RealtimeGateway],
})
export class RealtimeModule {}
