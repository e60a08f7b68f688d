// A navigator late in a Los Angeles evening, when the UTC day is already the next one: the case where "today" taken
// from UTC instead of the browser's own day is a day off (docs/product.md §8, §18).

export const LOS_ANGELES = 'America/Los_Angeles';

/** The calendar day of `instant` in `timeZone`, as YYYY-MM-DD. */
export const dayIn = (instant: Date, timeZone: string) => instant.toLocaleDateString('en-CA', { timeZone });

/** The last 9:30 pm in Los Angeles before now (within a day): the next day already in UTC. */
export function lateEveningInLosAngeles(): Date {
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const [h, m] = now
    .toLocaleTimeString('en-GB', { timeZone: LOS_ANGELES, hour12: false, hour: '2-digit', minute: '2-digit' })
    .split(':')
    .map(Number);
  const minutesSince = ((((h % 24) * 60 + m - (21 * 60 + 30)) % 1440) + 1440) % 1440;
  return new Date(now.getTime() - minutesSince * 60_000);
}
