import { z } from 'zod';
import { numberFromText } from './fields';
import { PLAN_TIERS, type PaymentStatus, type PlanTier, type SubscriptionStatus } from './enums';

const count = numberFromText(
  z
    .number({ error: 'prescriptionCount must be a number' })
    .int('prescriptionCount must be a whole number')
    .min(0, 'prescriptionCount cannot be negative')
    .max(100, 'prescriptionCount can be at most 100'),
);

/** GET /subscriptions/calculate-cost?prescriptionCount=N[&tier=...] */
export const costQuoteQuerySchema = z.object({
  prescriptionCount: count,
  tier: z.enum(PLAN_TIERS, { error: 'tier must be ONGOING_CARE, ENROLLMENT_ONLY or DIY_INSTRUCTIONS' }).optional(),
});

/** POST /subscriptions: the count is informative; the server counts the patient's prescriptions itself. */
export const createSubscriptionSchema = z.object({ prescriptionCount: count.optional() });

/** DELETE /subscriptions/{id}?immediately=true */
export const cancelSubscriptionQuerySchema = z.object({
  immediately: z
    .enum(['true', 'false', '1', '0'], { error: 'immediately must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** GET /subscriptions/payments?page=&limit= (limit default 20). */
export const paymentsQuerySchema = z.object({
  page: numberFromText(
    z.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1'),
  ).default(1),
  limit: numberFromText(
    z
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit can be at most 100'),
  ).default(20),
});

/** POST /users/signup-complete after checkout: the session the browser came back from. */
export const signupCompleteSchema = z.object({ sessionId: z.string().trim().max(200).optional() });

/** A subscription as GET /subscriptions/active (and a navigator's patient record) answer it; cents. */
export interface SubscriptionView {
  id: string;
  tier: PlanTier;
  status: SubscriptionStatus;
  prescriptionCount: number;
  totalAmount: number;
  interval: 'month' | 'one_time' | 'none';
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  cancelledAt: string | null;
  paymentMethod: { brand: string | null; last4: string | null } | null;
  metadata: {
    pricingBreakdown: { summary?: { bundle: string; additional: string; free: string; total: string } } | null;
  };
  createdAt: string;
}

/** A charge attempt as GET /subscriptions/payments answers it; cents. */
export interface PaymentView {
  id: string;
  subscriptionId: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  description: string | null;
  failureMessage: string | null;
  createdAt: string;
}
