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
