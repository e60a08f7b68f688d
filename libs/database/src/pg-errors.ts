/** PostgreSQL error codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_UNDEFINED_TABLE = '42P01';

export function isPgError(err: unknown, code: string): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e?.code === code || e?.driverError?.code === code;
}
