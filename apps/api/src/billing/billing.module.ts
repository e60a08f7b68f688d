import { Module } from '@nestjs/common';
import { RateLimiter } from '../common/rate-limiter';
import { BillingService } from './billing.service';
import { stripeProvider } from '@rxbridge/platform';
import { PaymentsWebhookController, SubscriptionsController } from './subscriptions.controller';

@Module({
  controllers: [SubscriptionsController, PaymentsWebhookController],
  providers: [stripeProvider, RateLimiter, BillingService],
  exports: [BillingService],
})
export class BillingModule {}
