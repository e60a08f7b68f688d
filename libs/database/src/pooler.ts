import type { DataSource } from 'typeorm';

/**
 * What sits between the app and PostgreSQL: `none`, or `pgbouncer` in transaction mode, where a
 * server connection is the client's only for one transaction (docs/architecture.md §11 Managed
 * services): no LISTEN, no named prepared statements, no session advisory locks, no SET.
 */
export type DatabasePooler = 'none' | 'pgbouncer';

/** Whether this data source reaches PostgreSQL through a transaction-mode pooler. */
export function behindTransactionPooler(ds: DataSource): boolean {
  return (ds.options as { pooler?: DatabasePooler }).pooler === 'pgbouncer';
}
