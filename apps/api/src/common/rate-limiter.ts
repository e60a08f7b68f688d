import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS, type Settings, tooManyRequests } from '@rxbridge/platform';

export interface RateLimit {
  /** What is limited, e.g. 'login:account'. */
  name: string;
  max: number;
  windowSeconds: number;
  /** What the 429 says, when the general "too many attempts" does not fit. */
  message?: string;
}

/** Limits in one place: per account and per address, shared by every API replica through Redis. */
export const RATE_LIMITS = {
  // Failed logins lock the account AND address pair: an attacker elsewhere cannot lock a patient out
  // (docs/architecture.md §9); the much higher per-account ceiling still stops a spread-out guesser.
  loginPair: { name: 'login:account-ip', max: 10, windowSeconds: 15 * 60 },
  loginAccount: { name: 'login:account', max: 100, windowSeconds: 15 * 60 },
  loginAddress: { name: 'login:ip', max: 100, windowSeconds: 15 * 60 },
  // Guesses at the current password of a signed-in account (a stolen access token).
  passwordChangeAccount: { name: 'password-change:account', max: 10, windowSeconds: 15 * 60 },
  // A refresh token is a 256-bit secret: the limit is against load, far above two tabs refreshing.
  refreshAddress: { name: 'refresh:ip', max: 120, windowSeconds: 15 * 60 },
  verifyEmailAddress: { name: 'verify-email:ip', max: 30, windowSeconds: 15 * 60 },
  // Stripe's own deliveries come from a few addresses and retry on 429; a flood of forged ones does not.
  stripeWebhookAddress: { name: 'stripe-webhook:ip', max: 600, windowSeconds: 60 },
  resetAccount: { name: 'reset:account', max: 5, windowSeconds: 60 * 60 },
  resetAddress: { name: 'reset:ip', max: 30, windowSeconds: 60 * 60 },
  resetAttemptAddress: { name: 'reset-attempt:ip', max: 30, windowSeconds: 15 * 60 },
  resendAccount: { name: 'resend:account', max: 5, windowSeconds: 60 * 60 },
  resendAddress: { name: 'resend:ip', max: 30, windowSeconds: 60 * 60 },
  signupAddress: { name: 'signup:ip', max: 30, windowSeconds: 60 * 60 },
  // Each checkout opens a session at Stripe: plenty for a patient, not for a script.
  checkoutAccount: { name: 'checkout:account', max: 20, windowSeconds: 60 * 60 },
  // The public eligibility check (docs/product.md §15): room for a visitor trying incomes, not for a scraper.
  eligibilityCheckAddress: { name: 'eligibility-check:ip', max: 60, windowSeconds: 10 * 60 },
  // The maintenance bypass code is a shared secret: guesses are counted per address.
  maintenanceUnlockAddress: { name: 'unlock:ip', max: 10, windowSeconds: 15 * 60 },
  // The prescriber's signing page (docs/product.md §16): a few looks and a signature, not a token guesser.
  prescriberAddress: { name: 'prescriber:ip', max: 120, windowSeconds: 10 * 60 },
  // Messages to support (docs/product.md §21): a patient with a lot to say, not a script filling the inbox.
  supportMessageAccount: { name: 'support-message:account', max: 10, windowSeconds: 60 * 60 },
  supportMessageAddress: { name: 'support-message:ip', max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * KEYS: one counter per limit, in order; ARGV: each limit's max and window. Answers {0, 0}, or the
 * 1-based index of the first limit exceeded and the seconds left in its window. A counter without an
 * expiry (just created) gets its window.
 */
const HIT_SCRIPT = `
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('TTL', key)
  if ttl < 0 then
    ttl = tonumber(ARGV[2 * i])
    redis.call('EXPIRE', key, ttl)
  end
  if count > tonumber(ARGV[2 * i - 1]) then return {i, ttl} end
end
return {0, 0}`;

/** KEYS[1]: a counter of HIT_SCRIPT. One less, gone at zero; a counter already gone (its window over) stays gone. */
const GIVE_BACK_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
return 0`;

@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Counts one hit on each limit in order (fixed windows) and refuses with 429 at the first one
   * exceeded; the limits after it are not counted, so a locked account-and-address pair stops adding
   * to the account's own count (docs/architecture.md §9). One script, one round trip: every key
   * shares the prefix's hash tag, so it runs on a Redis Cluster too.
   */
  async hit(...checks: [RateLimit, string][]): Promise<void> {
    const keys = checks.map(([limit, subject]) => this.key(limit, subject));
    const limits = checks.flatMap(([limit]) => [limit.max, limit.windowSeconds]);
    const [refused, ttl] = (await this.redis.eval(HIT_SCRIPT, keys.length, ...keys, ...limits)) as [number, number];
    if (!refused) return;
    const limit = checks[refused - 1][0];
    throw tooManyRequests(ttl > 0 ? ttl : limit.windowSeconds, limit.message);
  }

  /** Takes back one hit that turned out to do nothing (an upload that stored nothing); never below zero. */
  async giveBack(limit: RateLimit, subject: string): Promise<void> {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, this.key(limit, subject));
  }

  /** Forgets an account's failures after a success, so a patient who finally remembers isn't locked out. */
  async reset(limit: RateLimit, subject: string): Promise<void> {
    await this.redis.del(this.key(limit, subject));
  }

  private key(limit: RateLimit, subject: string): string {
    return `${this.settings.REDIS_PREFIX}:rl:${limit.name}:${subject.toLowerCase()}`;
  }
}
