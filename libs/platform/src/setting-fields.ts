import { isIP } from 'node:net';
import { z } from 'zod';

// The field types every settings block builds on (settings.ts, sizing-settings.ts).

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v));
export const url = (protocols: string[], example: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol.replace(':', ''));
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL, e.g. ${example}`,
  );
export const int = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** proxy-addr's names for address ranges, and an IPv4 or IPv6 address with an optional /prefix. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyRange = (entry: string) => {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which hops' X-Forwarded-For the API believes (Fastify's trustProxy): `false`; `true` (one hop, the proxy in
 * front); how many hops (a load balancer then the bundled proxy: 2); or the proxies' addresses and ranges, comma
 * separated (`10.0.0.0/8,uniquelocal`).
 */
export const trustedProxies = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d+$/.test(v) && Number(v) <= 5) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  if (entries.every(isProxyRange)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be true, false, a number of hops (at most 5) or addresses such as 10.0.0.0/8,uniquelocal',
  });
  return z.NEVER;
});
