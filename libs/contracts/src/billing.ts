import { z } from 'zod';
import { FIELD_MESSAGES } from './field-messages';
import { isoTime, MAX_PAGE, numberFromText, pagingNumber } from './fields';
import { PAYMENT_STATUSES, PLAN_TIERS, SUBSCRIPTION_STATUSES } from './enums';

const count = numberFromText(
  z
    .number({ error: FIELD_MESSAGES.aNumber('prescriptionCount') })
    .int(FIELD_MESSAGES.wholeNumber('prescriptionCount'))
    .min(0, FIELD_MESSAGES.atLeastNumber('prescriptionCount', 0))
    .max(100, FIELD_MESSAGES.atMostNumber('prescriptionCount', 100)),
);

/** GET /subscriptions/calculate-cost?prescriptionCount=N[&tier=...] */
export const costQuoteQuerySchema = z.object({
  prescriptionCount: count,
  tier: z
    .enum(PLAN_TIERS, { error: FIELD_MESSAGES.oneOf('tier', PLAN_TIERS.slice(0, -1).join(', '), PLAN_TIERS.at(-1)!) })
    .optional(),
});

/** POST /subscriptions: the count is informative; the server counts the patient's prescriptions itself. */
export const createSubscriptionSchema = z.object({ prescriptionCount: count.optional() });

/** DELETE /subscriptions/{id}?immediately=true */
export const cancelSubscriptionQuerySchema = z.object({
  immediately: z
    .enum(['true', 'false', '1', '0'], { error: FIELD_MESSAGES.oneOf('immediately', 'true', 'false') })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** GET /subscriptions/payments?page=&limit= (limit default 20). */
export const paymentsQuerySchema = z.object({
  page: pagingNumber('page', MAX_PAGE).default(1),
  limit: pagingNumber('limit', 100).default(20),
});

/** How a plan is billed: monthly, once, or never (the free plan). */
export const BILLING_INTERVALS = ['month', 'one_time', 'none'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** POST /users/signup-complete after checkout: the session the browser came back from. */
export const signupCompleteSchema = z.object({ sessionId: z.string().trim().max(200).optional() });

/** A subscription as GET /subscriptions/active (and a navigator's patient record) answer it; cents. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  tier: z.enum(PLAN_TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  prescriptionCount: z.number().int(),
  totalAmount: z.number().int(),
  interval: z.enum(BILLING_INTERVALS),
  currentPeriodStart: isoTime.nullable(),
  currentPeriodEnd: isoTime.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cancelledAt: isoTime.nullable(),
  paymentMethod: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  metadata: z.object({
    /** The price as computed when the subscription was opened or last changed. */
    pricingBreakdown: z
      .object({
        lines: z.array(
          z.object({
            kind: z.enum(['bundle', 'additional']).optional(),
            description: z.string(),
            quantity: z.number().int(),
            unitAmount: z.number().int(),
            amount: z.number().int(),
          }),
        ),
        summary: z.object({ bundle: z.string(), additional: z.string(), free: z.string(), total: z.string() }),
        interval: z.string(),
      })
      .nullable(),
  }),
  createdAt: isoTime,
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** A charge attempt as GET /subscriptions/payments answers it; cents. */
export const paymentViewSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: isoTime,
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** The cost preview of GET /subscriptions/calculate-cost (docs/product.md §3 Plans and pricing); cents. */
export const costQuoteSchema = z.object({
  tier: z.enum(PLAN_TIERS),
  prescriptionCount: z.number().int(),
  /** Named for the monthly plan; for a one-time plan it is the one-time total. */
  totalMonthlyAmount: z.number().int(),
  dueToday: z.literal(0),
  interval: z.enum(BILLING_INTERVALS),
  summary: z.object({ total: z.string() }),
  firstTwoPrescriptions: z.object({ description: z.string(), amount: z.number().int() }),
  additionalPrescriptions: z.object({ description: z.string(), count: z.number().int(), amount: z.number().int() }),
});
export type CostQuote = z.infer<typeof costQuoteSchema>;
