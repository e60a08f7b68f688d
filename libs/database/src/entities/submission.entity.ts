import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import {
  SUBMISSION_CHANNELS,
  SUBMISSION_STATUSES,
  type SubmissionChannel,
  type SubmissionStatus,
} from '@rxbridge/contracts';
import { Application } from './application.entity';
import { User } from './user.entity';
import { oneOf } from './checks';

/**
 * An application sent to its program (docs/product.md §17): by fax through the email-to-fax gateway (QUEUED until the
 * worker sent it, FAILED with the reason) or recorded as submitted in the program's portal with its reference.
 */
@Entity('application_submissions')
@Index('application_submissions_app_idx', ['applicationId', 'createdAt'])
@Check('application_submissions_channel_check', oneOf('channel', SUBMISSION_CHANNELS))
@Check('application_submissions_status_check', oneOf('status', SUBMISSION_STATUSES))
export class ApplicationSubmission {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'varchar', length: 10 }) channel: SubmissionChannel;
  /** The fax number (E.164) or the portal's address. */
  @Column({ type: 'varchar', length: 300 }) toAddress: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) reference: string | null;
  @Column({ type: 'varchar', length: 10 }) status: SubmissionStatus;
  @Column({ type: 'varchar', length: 500, nullable: true }) failureReason: string | null;
  /** A Retry after a failure counts up: each attempt is its own effect (docs/architecture.md §6). */
  @Column({ type: 'integer', default: 1 }) attempt: number;
  @Column({ type: 'uuid', nullable: true }) submittedBy: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'submitted_by' })
  submittedByUser?: Relation<User> | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
