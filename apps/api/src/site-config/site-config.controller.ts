import { Body, Controller, Get, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { API_MESSAGES, maintenanceUnlockAnswerSchema, siteConfigAnswerSchema } from '@rxbridge/contracts';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SETTINGS, type Settings, forbidden } from '@rxbridge/platform';
import { Public } from '../common/auth.guard';
import { ZodPipe } from '../common/zod-validation.pipe';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import { Answer } from '../common/answer';
import { siteConfig } from './site-config';

const unlockSchema = z.object({
  code: z.string({ error: 'Access code is required' }).trim().min(1, 'Access code is required').max(200),
});

/** Runtime settings for the web app: one build serves every environment (docs/product.md §9 Site settings). */
@Controller('config')
export class SiteConfigController {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Answer(siteConfigAnswerSchema)
  @Public()
  @Get()
  config() {
    return siteConfig(this.settings);
  }

  /** The bypass code stays on the server; the bundle never contains it. */
  @Answer(maintenanceUnlockAnswerSchema)
  @Public()
  @Post('maintenance-unlock')
  @HttpCode(200)
  async unlock(@Body(new ZodPipe(unlockSchema)) body: { code: string }, @Ip() ip: string) {
    await this.limiter.hit([RATE_LIMITS.maintenanceUnlockAddress, ip]);
    const expected = Buffer.from(this.settings.MAINTENANCE_BYPASS_CODE ?? '');
    const given = Buffer.from(body.code);
    if (!expected.length || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw forbidden(API_MESSAGES.invalidAccessCode);
    }
    return { unlocked: true };
  }
}
