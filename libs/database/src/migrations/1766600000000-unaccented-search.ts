import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The navigators' searches match words without their accents (docs/product.md §8): "garcia" finds García, "jose"
 * José. PostgreSQL's own `unaccent` (contrib, a trusted extension: the database owner may create it; managed
 * services offer it).
 */
export class UnaccentedSearch1766600000000 implements MigrationInterface {
  name = 'UnaccentedSearch1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP EXTENSION IF EXISTS unaccent`);
  }
}
