import { randomUUID } from 'node:crypto';
import { auditLogPage } from '@rxbridge/database';
import { migratedDatabase } from '../support/repository-db';

// The audit log screen's page (docs/architecture.md §9) against a real PostgreSQL: the log only grows, so a page
// must walk the newest-first index and stop, never sort the whole log.
const db = migratedDatabase();

it('reads a page newest first by its index, with the count of every entry the filter matches', async () => {
  const actor = randomUUID();
  await db.ds.query(
    `INSERT INTO audit_log (id, actor_id, actor_role, action, metadata, created_at)
     SELECT gen_random_uuid(), CASE WHEN n % 100 = 0 THEN $1::uuid END, 'NAVIGATOR', 'patient.read', '{}',
            now() - make_interval(secs => n)
       FROM generate_series(1, 20000) n`,
    [actor],
  );
  await db.ds.query('ANALYZE audit_log');

  const first = await auditLogPage(db.ds.manager, { staffId: null, patientId: null, offset: 0, limit: 20 });
  expect(first.total).toBe(20000);
  expect(first.rows).toHaveLength(20);
  const times = first.rows.map((r) => new Date(r.created_at).getTime());
  expect(times).toEqual([...times].sort((a, b) => b - a));
  const mine = await auditLogPage(db.ds.manager, { staffId: actor, patientId: null, offset: 190, limit: 20 });
  expect([mine.total, mine.rows.length]).toEqual([200, 10]);
  // Past the end: no entry, still the count.
  expect(await auditLogPage(db.ds.manager, { staffId: actor, patientId: null, offset: 400, limit: 20 })).toEqual({
    rows: [],
    total: 200,
  });

  const plan = (
    await db.ds.query(
      `EXPLAIN SELECT * FROM audit_log WHERE ($1::uuid IS NULL OR actor_id = $1)
         AND ($2::uuid IS NULL OR subject_user_id = $2 OR metadata->'patientIds' ? $2::text)
         ORDER BY created_at DESC, id DESC OFFSET 0 LIMIT 20`,
      [null, null],
    )
  )
    .map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'])
    .join('\n');
  expect(plan).toContain('Index Scan Backward using audit_log_created_idx');
  expect(plan).not.toContain('Sort');
});
