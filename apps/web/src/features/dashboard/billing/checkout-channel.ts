// The checkout popup and the tab that opened it talk over a BroadcastChannel, not window.opener:
// with Cross-Origin-Opener-Policy the popup loses its opener as soon as it visits the payment
// page, so neither side can rely on the other's window handle.

const CHANNEL = 'rxbridge-checkout';

export type CheckoutMessage =
  /** A page that checkout sent back asks whether a tab opened it as a popup. */
  | { type: 'probe' }
  /** The answer of the tab waiting for its popup. */
  | { type: 'waiting' }
  /** The popup finished the card step (saved or cancelled). */
  | { type: 'returned' };

export function openCheckoutChannel(onMessage: (m: CheckoutMessage) => void): {
  post(m: CheckoutMessage): void;
  close(): void;
} {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<CheckoutMessage>) => onMessage(e.data);
  return { post: (m) => channel.postMessage(m), close: () => channel.close() };
}

/** Resolves true when a tab answers that it is waiting for a checkout popup (this page is that popup). */
export function isAwaitedPopup(timeoutMs = 500): Promise<boolean> {
  if (window.opener) return Promise.resolve(true);
  return new Promise((resolve) => {
    const channel = openCheckoutChannel((m) => {
      if (m.type !== 'waiting') return;
      done(true);
    });
    const timer = window.setTimeout(() => done(false), timeoutMs);
    function done(answer: boolean) {
      window.clearTimeout(timer);
      channel.close();
      resolve(answer);
    }
    channel.post({ type: 'probe' });
  });
}
