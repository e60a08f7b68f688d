import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from './user.entity';

/**
 * A patient's message to support (docs/product.md §21): what they wrote, and when a navigator answered it, with
 * the reply they wrote in the console or none (answered by phone or email).
 * Health data: read only by its patient and by staff through the patient's audited record.
 */
@Entity('support_messages')
@Index('support_messages_user_idx', ['userId', 'createdAt'])
@Index('support_messages_awaiting_idx', ['createdAt'], { where: 'answered_at IS NULL' })
// The retention prune's: messages past the Privacy page's years for communications (docs/architecture.md §6).
@Index('support_messages_created_idx', ['createdAt'])
export class SupportMessage {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'varchar', length: 5000 }) message: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) answeredAt: Date | null;
  @Column({ type: 'uuid', nullable: true }) answeredBy: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'answered_by' })
  answerer?: Relation<User>;
  /** The navigator's reply written in the console, null when they answered by phone or email and marked it. */
  @Column({ type: 'varchar', length: 5000, nullable: true }) reply: string | null;
}
