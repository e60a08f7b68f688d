import { createHmac } from 'node:crypto';
import type { StripeEvent } from './events';

/** The Stripe-Signature header for a payload, as Stripe computes it. */
function signatureHeader(payload: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookOptions {
  url?: string;
  secret: string;
  /** Waits before each retry of a failed delivery; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

/**
 * Sends events to the webhook URL like Stripe: signed, asynchronously, retried with backoff on a
 * non-2xx answer or a network error. Tests can hold deliveries (pause), release them in a chosen
 * order, and send an event a second time.
 */
export class WebhookSender {
  private url: string | undefined;
  private paused = false;
  private held: StripeEvent[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: WebhookOptions) {
    this.url = options.url;
  }

  setUrl(url: string | undefined): void {
    this.url = url || undefined;
  }

  /** `sending`: deliveries in flight or waiting for a retry (held ones are the test's to release). */
  status(): { url: string | null; paused: boolean; held: string[]; sending: number } {
    return {
      url: this.url ?? null,
      paused: this.paused,
      held: this.held.map((event) => event.id),
      sending: this.inFlight + this.retryTimers.size,
    };
  }

  /** A new event: sent now, or held while paused. Never delays the API answer. */
  send(event: StripeEvent): void {
    if (!this.url || this.closed) return;
    if (this.paused) this.held.push(event);
    else void this.attempt(event, 0);
  }

  pause(): void {
    this.paused = true;
  }

  /** Forgets the held events without sending them: webhooks lost on the way. */
  dropHeld(): string[] {
    const dropped = this.held.map((event) => event.id);
    this.held = [];
    return dropped;
  }

  /** Unpauses and sends every held event in the order they happened. */
  async resume(): Promise<string[]> {
    this.paused = false;
    return this.releaseHeld(this.held.map((event) => event.id));
  }

  /**
   * Sends the named held events one after the other, in exactly the given order (each first
   * attempt finishes before the next starts), to stage events arriving out of order.
   */
  async releaseHeld(eventIds: readonly string[]): Promise<string[]> {
    const unknown = eventIds.filter((id) => !this.held.some((event) => event.id === id));
    if (unknown.length > 0) throw new Error(`These events are not held: ${unknown.join(', ')}.`);
    for (const id of eventIds) {
      const event = this.held.find((held) => held.id === id)!;
      this.held = this.held.filter((held) => held !== event);
      await this.attempt(event, 0);
    }
    return [...eventIds];
  }

  /** Sends an event again (a duplicate delivery, as Stripe may make), even while paused. */
  async redeliver(event: StripeEvent): Promise<void> {
    if (!this.url) throw new Error('No webhook URL is configured.');
    await this.attempt(event, 0);
  }

  /** Resolves when no delivery is in flight or waiting for a retry. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  reset(): void {
    this.clearTimers();
    this.held = [];
    this.paused = false;
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
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

  /** One POST of the event; schedules the next retry when it fails and retries are left. */
  private async attempt(event: StripeEvent, retriesDone: number): Promise<void> {
    const url = this.url;
    if (!url) return;
    this.inFlight += 1;
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    let ok = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      ok = response.ok;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      // Refused, reset or timed out: retried like an error status.
    } finally {
      this.inFlight -= 1;
    }
    const delay = this.options.retryDelaysMs[retriesDone];
    if (!ok && delay !== undefined && !this.closed) {
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        void this.attempt(event, retriesDone + 1);
      }, delay);
      // A pending retry must not keep a finished test process alive.
      timer.unref();
      this.retryTimers.add(timer);
    }
    this.notifyIfIdle();
  }
}
