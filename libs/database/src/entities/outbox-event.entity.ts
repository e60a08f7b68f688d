import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A domain event written in the same transaction as the change it describes (docs/architecture.md §6 Outbox and idempotent handlers). */
@Entity('outbox')
@Index('outbox_unpublished_idx', ['createdAt'], { where: 'published_at IS NULL' })
// Retention prunes published rows by age.
@Index('outbox_published_idx', ['publishedAt'], { where: 'published_at IS NOT NULL' })
// The relay's look for pushes their writer did not publish in time.
@Index('outbox_unpushed_idx', ['pushAfter'], { where: 'push_after IS NOT NULL AND pushed_at IS NULL' })
// The re-relay's look for rows whose jobs have not finished (docs/architecture.md §6 When Redis loses its data).
@Index('outbox_unhandled_idx', ['createdAt'], { where: "unhandled_queues <> '{}'::text[]" })
export class OutboxEvent {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 100 }) type: string;
  @Column({ type: 'jsonb' }) payload: Record<string, unknown>;
  @Column({ type: 'uuid', nullable: true }) userId: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) publishedAt: Date | null;
  /**
   * The socket push of the change ({ rooms, event, data }), published by the relay as it claims the
   * row, or by the writer right after its commit (docs/architecture.md §8 Real time).
   */
  @Column({ type: 'jsonb', nullable: true }) push: Record<string, unknown> | null;
  /** Set by a writer that publishes the push itself: the relay publishes it only if no one has by then. */
  @Column({ type: 'timestamptz', nullable: true }) pushAfter: Date | null;
  /** When the push was published (by its writer or the relay); a push may still be heard twice. */
  @Column({ type: 'timestamptz', nullable: true }) pushedAt: Date | null;
  /**
   * The queues the relay put the event on whose job has not finished yet (null before it is relayed):
   * the truth of what is still to do, whatever Redis holds (docs/architecture.md §6 When Redis loses its data).
   */
  @Column({ type: 'text', array: true, nullable: true }) unhandledQueues: string[] | null;
  /**
   * The queues whose job of the event finished, kept apart so that a mark made before the relay's
   * pass committed (or in a pass rolled back) still counts when it commits (docs/architecture.md §6).
   */
  @Column({ type: 'text', array: true, default: () => "'{}'" }) handledQueues: string[];
  /** The writer's W3C trace context ({ traceparent, tracestate }), passed on in the event's jobs (docs/architecture.md §13 Tracing). */
  @Column({ type: 'jsonb', nullable: true }) traceContext: Record<string, string> | null;
}

/** Who read or changed what on a patient's record, beyond the patient themself. */
@Entity('audit_log')
// The screen's order, newest first (read backwards).
@Index('audit_log_created_idx', ['createdAt', 'id'])
export class AuditLogEntry {
  @PrimaryColumn('uuid') id: string;
  @Index('audit_log_actor_idx') @Column({ type: 'uuid', nullable: true }) actorId: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) actorRole: string | null;
  @Column({ type: 'varchar', length: 100 }) action: string;
  @Index('audit_log_subject_idx') @Column({ type: 'uuid', nullable: true }) subjectUserId: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) entityType: string | null;
  @Column({ type: 'uuid', nullable: true }) entityId: string | null;
  @Column({ type: 'jsonb', default: {} }) metadata: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** Marks a side effect (an email, a push) as done for one event, so a redelivered job skips it. */
@Entity('processed_effects')
@Index('processed_effects_created_idx', ['createdAt'])
export class ProcessedEffect {
  @PrimaryColumn({ type: 'varchar', length: 200 }) key: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
