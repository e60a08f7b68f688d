import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the subscription's card was entered (Stripe's `created` of its payment method): a checkout's late event
 * or a replayed return for a card entered before it saves nothing (docs/architecture.md §7). Cards saved before
 * have none, and the next card saved replaces them as it always did.
 */
export class CardSavedAt1766000000000 implements MigrationInterface {
  name = 'CardSavedAt1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions ADD COLUMN card_saved_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions DROP COLUMN card_saved_at`);
  }
}
