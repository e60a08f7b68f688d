import { Module } from '@nestjs/common';
import { RateLimiter } from '../common/rate-limiter';
import { SupportController } from './support.controller';
import { SupportService } from './support.service';

/** Patients' messages to support (docs/product.md §21). */
@Module({
  controllers: [SupportController],
  providers: [SupportService, RateLimiter],
})
export class SupportModule {}
