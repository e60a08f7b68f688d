import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log is append-only at the database level (docs/architecture.md §9): a trigger refuses
 * every UPDATE, DELETE and TRUNCATE, so not even the application's own account can rewrite it.
 */
export class AuditAppendOnly1764700000000 implements MigrationInterface {
  name = 'AuditAppendOnly1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    // The patient filter of the admin audit page looks inside list reads' patient ids.
    await q.query(`CREATE INDEX audit_log_patient_ids_idx ON audit_log USING gin ((metadata->'patientIds'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_patient_ids_idx`);
    await q.query(`DROP TRIGGER audit_log_no_truncate ON audit_log`);
    await q.query(`DROP TRIGGER audit_log_no_change ON audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
  }
}
