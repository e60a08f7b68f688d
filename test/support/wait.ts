/**
 * Polls `fn` until it returns a value (anything but undefined, null or false), or fails after
 * `timeoutMs` naming what it waited for and the last error seen.
 */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > end) {
      throw new Error(
        `timed out waiting for ${what}${lastError instanceof Error ? ` (last error: ${lastError.message})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
