import { ApiError } from '@/lib/api-client';

/**
 * How a signing link stops (docs/product.md §16): spent, expired or unknown (410), or its application's packet no
 * longer open (409 `packet-closed`, said only once the date of birth matched), with the API's words.
 */
export type LinkEnd = { kind: 'GONE' } | { kind: 'PACKET_CLOSED'; message: string };

/** The end an API failure means, or null for any other failure (shown where it happened). */
export function linkEndOf(error: unknown): LinkEnd | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) return { kind: 'GONE' };
  if (error.status === 409 && error.code === 'packet-closed') return { kind: 'PACKET_CLOSED', message: error.message };
  return null;
}
