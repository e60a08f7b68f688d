// Managed PostgreSQL and Redis (docs/architecture.md §11 Managed services): the rules loadSettings
// (./settings) applies to DATABASE_POOLER and REDIS_CLUSTER_NODES, and the helpers the Redis module shares.

/**
 * On a Redis Cluster every key and channel the app uses must hash to one slot (BullMQ's scripts
 * touch several keys of a queue; our MULTIs several of ours): the prefix becomes a hash tag,
 * `rxb` -> `{rxb}`, so the operator never writes the braces (docs/architecture.md §11).
 */
export function clusterKeyPrefix(prefix: string, cluster: boolean): string {
  return cluster && !prefix.startsWith('{') ? `{${prefix}}` : prefix;
}

/** REDIS_CLUSTER_NODES as host:port strings. */
export function clusterNodes(setting: string): string[] {
  return setting.split(',').map((n) => n.trim());
}

/**
 * PgBouncer refuses the statement_timeout a connection would ask for when it starts: behind it the
 * timeout is set on the database role instead (docs/architecture.md §11 Managed services).
 */
export function poolerProblems(s: { DATABASE_POOLER: string; DATABASE_STATEMENT_TIMEOUT_MS: number }): string[] {
  if (s.DATABASE_POOLER !== 'pgbouncer' || s.DATABASE_STATEMENT_TIMEOUT_MS === 0) return [];
  return [
    'DATABASE_STATEMENT_TIMEOUT_MS: must be 0 with DATABASE_POOLER=pgbouncer (set statement_timeout on the role: ALTER ROLE … SET statement_timeout)',
  ];
}
