import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each patient's language (docs/product.md, Languages): chosen at signup from the language the app
 * was in, changed in the Profile dialog; emails, the packet's cover and the API's messages follow it.
 * Every account made before speaks English.
 */
export class PreferredLanguage1765600000000 implements MigrationInterface {
  name = 'PreferredLanguage1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN preferred_language varchar(5) NOT NULL DEFAULT 'en'`);
    await q.query(
      `ALTER TABLE users ADD CONSTRAINT users_preferred_language_check CHECK (preferred_language IN ('en', 'es'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_preferred_language_check`);
    await q.query(`ALTER TABLE users DROP COLUMN preferred_language`);
  }
}
