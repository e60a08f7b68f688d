import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Ip,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  API_MESSAGES,
  cancelSubscriptionQuerySchema,
  costQuoteQuerySchema,
  createSubscriptionSchema,
  paymentsQuerySchema,
  checkoutAnswerSchema,
  costQuoteSchema,
  paymentsPageAnswerSchema,
  subscriptionAnswerSchema,
  subscriptionsAnswerSchema,
  webhookAnswerSchema,
  type Language,
} from '@rxbridge/contracts';
import type { z } from 'zod';
import { notFound } from '@rxbridge/platform';
import { CurrentUser, Public, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { RequestLanguage } from '../common/language';
import { ZodPipe } from '../common/zod-validation.pipe';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import { BillingService } from './billing.service';
import { Answer } from '../common/answer';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => notFound('Subscription') });

/** /subscriptions (docs/product.md §10 API). */
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    @Inject(BillingService) private readonly billing: BillingService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Answer(costQuoteSchema)
  @Public()
  @Get('calculate-cost')
  quote(
    @Query(new ZodPipe(costQuoteQuerySchema)) q: z.output<typeof costQuoteQuerySchema>,
    @RequestLanguage() language: Language,
  ) {
    return this.billing.quote(q.prescriptionCount, q.tier, language);
  }

  @Answer(checkoutAnswerSchema)
  @Post()
  async create(@CurrentUser() user: AuthUser, @Body(new ZodPipe(createSubscriptionSchema)) _body: unknown) {
    await this.limiter.hit([RATE_LIMITS.checkoutAccount, user.id]);
    return withMessage({ checkoutUrl: await this.billing.startCheckout(user.id) }, API_MESSAGES.cardToFinish);
  }

  @Answer(subscriptionsAnswerSchema)
  @Get('active')
  async active(@CurrentUser() user: AuthUser, @RequestLanguage() language: Language) {
    return { subscriptions: await this.billing.active(user.id, { language }) };
  }

  @Answer(paymentsPageAnswerSchema)
  @Get('payments')
  payments(
    @CurrentUser() user: AuthUser,
    @Query(new ZodPipe(paymentsQuerySchema)) q: z.output<typeof paymentsQuerySchema>,
    @RequestLanguage() language: Language,
  ) {
    return this.billing.payments(user.id, q.page, q.limit, { language });
  }

  @Answer(subscriptionAnswerSchema)
  @Delete(':id')
  async cancel(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @Query(new ZodPipe(cancelSubscriptionQuerySchema)) q: z.output<typeof cancelSubscriptionQuerySchema>,
    @RequestLanguage() language: Language,
  ) {
    const subscription = await this.billing.cancel(user.id, id, q.immediately, language);
    return withMessage(
      { subscription },
      subscription.status === 'CANCELLED'
        ? API_MESSAGES.subscriptionCancelled
        : API_MESSAGES.subscriptionCancelledAtEnd,
    );
  }
}

/** Stripe's webhook endpoint; authenticated by its signature, not by a user. */
@Controller('payments')
export class PaymentsWebhookController {
  constructor(
    @Inject(BillingService) private readonly billing: BillingService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Answer(webhookAnswerSchema)
  @Public()
  @Post('webhook')
  @HttpCode(200)
  async webhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Ip() ip: string,
    @Headers('stripe-signature') signature?: string,
  ) {
    // Counted before the signature is checked: a flood of forged deliveries costs one Redis call each.
    await this.limiter.hit([RATE_LIMITS.stripeWebhookAddress, ip]);
    return { received: true, ...(await this.billing.handleWebhook(req.rawBody, signature)) };
  }
}
