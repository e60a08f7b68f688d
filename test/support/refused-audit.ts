/** Anything that runs SQL: a pg Client or a TypeORM DataSource. */
interface SqlRunner {
  query(sql: string): Promise<unknown>;
}

/**
 * Runs `body` while PostgreSQL refuses every audit row matching `condition` (SQL on NEW, e.g. `NEW.actor_id = '…'`):
 * how a test shows that an audited action does not happen without its row (docs/architecture.md §9).
 */
export async function whileAuditRefused(db: SqlRunner, condition: string, body: () => Promise<void>): Promise<void> {
  await db.query(`
    CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused for this test'; END $$;
    CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (${condition}) EXECUTE FUNCTION test_refuse_audit();`);
  try {
    await body();
  } finally {
    await db.query('DROP TRIGGER test_refuse_audit ON audit_log');
  }
}

/** The condition of an actor's rows. */
export const auditsOf = (actorId: string) => `NEW.actor_id = '${actorId}'`;
