// The browser's idle clock against the server's (docs/product.md §7.2, docs/architecture.md §9): the web app's, kept
// here as pure rules so they are unit-tested without a page.

/**
 * The server dates a session's activity by the requests it hears, and skips recording one within a few seconds of
 * the last (at most 5 s, a tenth of the limit when shorter): it may end the session that much before the browser's
 * count from the last key or click. The browser ends its count this much earlier, so a click the browser still
 * accepts never meets a server that already ended the session.
 */
const serverLagMs = (idleMs: number) => Math.min(10_000, idleMs / 5);

export function idleTimes(idleSeconds: number) {
  const idleMs = idleSeconds * 1000;
  const limitMs = idleMs - serverLagMs(idleMs);
  return {
    /** When the browser signs out, counted from the last activity in any tab. */
    limitMs,
    /** When "Still there?" asks: a minute before (a third of the limit when shorter). */
    warnMs: limitMs - Math.min(60_000, limitMs / 3),
    /** How often activity is told to the server at most. */
    tellEveryMs: Math.min(15_000, idleMs / 10),
  };
}

/**
 * Tells the server of activity at most every `everyMs`: at once when the last tell is that old, else once when it
 * is, so the last activity always reaches the server (a click just after a tell is told, not lost).
 */
export function activityTeller(tell: () => void, everyMs: number) {
  let toldAt = Date.now();
  let pending: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    pending = undefined;
    toldAt = Date.now();
    tell();
  };
  return {
    activity() {
      const since = Date.now() - toldAt;
      if (since < everyMs) pending ??= setTimeout(send, everyMs - since);
      else {
        clearTimeout(pending);
        send();
      }
    },
    stop() {
      clearTimeout(pending);
      pending = undefined;
    },
  };
}
