import { createHmac } from 'node:crypto';
import type { StripeEvent } from './objects';

/** The Stripe-Signature header for a payload, exactly as Stripe computes it. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** fetch() hides the reason (ECONNREFUSED, timeout) in `cause`; duck-typed, as errors may come from another realm. */
function describeFetchError(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: string; cause?: { message?: string } };
  return cause?.message ?? message ?? String(error);
}

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  url: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
}

export interface WebhookDispatcherOptions {
  url?: string;
  secret: string;
  /** Waits before each retry of a failed delivery; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  findEvent: (id: string) => StripeEvent | undefined;
}

/**
 * Sends events to the webhook URL like Stripe: signed, asynchronously, retried with backoff. Tests
 * can hold deliveries (pause), release them in a chosen order, and redeliver an event.
 */
export class WebhookDispatcher {
  private url: string | undefined;
  private paused = false;
  private held: string[] = [];
  private deliveries: Delivery[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.url = options.url;
  }

  setUrl(url: string | undefined): void {
    this.url = url || undefined;
  }

  status(): { url: string | null; paused: boolean; held: string[] } {
    return { url: this.url ?? null, paused: this.paused, held: [...this.held] };
  }

  list(eventId?: string): Delivery[] {
    return this.deliveries.filter((d) => !eventId || d.eventId === eventId);
  }

  /** A new event: send it now, or hold it while paused. Never blocks the API answer. */
  dispatch(event: StripeEvent): void {
    if (!this.url || this.closed) return;
    if (this.paused) {
      this.held.push(event.id);
      return;
    }
    void this.deliver(event);
  }

  pause(): void {
    this.paused = true;
  }

  /** Unpauses and sends every held event in the order they happened. */
  async resume(): Promise<Delivery[]> {
    this.paused = false;
    return this.releaseHeld([...this.held]);
  }

  /**
   * Sends the named held events one after the other, in exactly the given order (each first
   * attempt finishes before the next starts). Throws if any of them is not held.
   */
  async releaseHeld(eventIds: readonly string[]): Promise<Delivery[]> {
    const unknown = eventIds.filter((id) => !this.held.includes(id));
    if (unknown.length > 0) throw new Error(`These events are not held: ${unknown.join(', ')}.`);
    const sent: Delivery[] = [];
    for (const id of eventIds) {
      this.held = this.held.filter((heldId) => heldId !== id);
      const event = this.options.findEvent(id);
      if (event) sent.push(await this.deliver(event));
    }
    return sent;
  }

  /** Sends an event again (a duplicate delivery, as Stripe may do), even while paused. */
  async redeliver(event: StripeEvent): Promise<Delivery> {
    if (!this.url) throw new Error('No webhook URL is configured.');
    return this.deliver(event);
  }

  /** Resolves when no delivery is in flight or waiting for a retry. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  reset(): void {
    this.clearTimers();
    this.held = [];
    this.deliveries = [];
    this.paused = false;
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    this.notifyIfIdle();
  }

  private clearTimers(): void {
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.notifyIfIdle();
  }

  private isIdle(): boolean {
    return this.inFlight === 0 && this.retryTimers.size === 0;
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  /** Starts a delivery; resolves after its first attempt, retries continue in the background. */
  private async deliver(event: StripeEvent): Promise<Delivery> {
    const delivery: Delivery = {
      id: `whdel_${this.deliveries.length + 1}`,
      eventId: event.id,
      eventType: event.type,
      url: this.url!,
      status: 'pending',
      attempts: [],
    };
    this.deliveries.push(delivery);
    await this.attempt(delivery, event);
    return delivery;
  }

  private async attempt(delivery: Delivery, event: StripeEvent): Promise<void> {
    this.inFlight += 1;
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const record: DeliveryAttempt = { at: new Date().toISOString(), statusCode: null, error: null };
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      record.statusCode = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      record.error = describeFetchError(error);
    } finally {
      this.inFlight -= 1;
    }
    delivery.attempts.push(record);

    const ok = record.statusCode !== null && record.statusCode >= 200 && record.statusCode < 300;
    const retryDelay = this.options.retryDelaysMs[delivery.attempts.length - 1];
    if (ok) delivery.status = 'succeeded';
    else if (retryDelay === undefined || this.closed) delivery.status = 'failed';
    else this.scheduleRetry(delivery, event, retryDelay);
    this.notifyIfIdle();
  }

  private scheduleRetry(delivery: Delivery, event: StripeEvent, delayMs: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      void this.attempt(delivery, event);
    }, delayMs);
    // A pending retry must not keep a finished test process alive.
    timer.unref();
    this.retryTimers.add(timer);
  }
}
