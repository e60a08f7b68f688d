import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  type Relation,
} from 'typeorm';
import { Application } from './application.entity';
import { User } from './user.entity';

/**
 * A navigator asked a prescriber to sign an application's packet online (docs/product.md §16). Only the SHA-256
 * of the mailed token is kept; the token itself is derived from the row id with the server secret when mailed.
 */
@Entity('prescriber_requests')
@Index('prescriber_requests_app_idx', ['applicationId', 'createdAt'])
@Unique('prescriber_requests_token_hash_key', ['tokenHash'])
export class PrescriberRequest {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ type: 'varchar', length: 64 }) tokenHash: string;
  @Column({ type: 'uuid', nullable: true }) requestedBy: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'requested_by' })
  requestedByUser?: Relation<User> | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  /** Set when the link was used to sign: a link signs once. */
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  /** Wrong dates of birth given through this link; the fifth spends it (docs/product.md §16). */
  @Column({ type: 'smallint', default: 0 }) wrongBirthDates: number;
}

/** A prescriber's signature: who, when, from where, and the SHA-256 of the exact packet they read. */
@Entity('prescriber_signatures')
@Index('prescriber_signatures_app_idx', ['applicationId', 'signedAt'])
@Unique('prescriber_signatures_request_id_key', ['requestId'])
export class PrescriberSignature {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'uuid' }) requestId: string;
  @ManyToOne(() => PrescriberRequest, { onDelete: 'CASCADE' }) request?: Relation<PrescriberRequest>;
  @Column({ type: 'varchar', length: 200 }) name: string;
  @Column({ type: 'varchar', length: 10 }) npi: string;
  @CreateDateColumn({ type: 'timestamptz' }) signedAt: Date;
  @Column({ type: 'varchar', length: 64 }) ipAddress: string;
  @Column({ type: 'varchar', length: 500 }) userAgent: string;
  @Column({ type: 'varchar', length: 64 }) packetSha256: string;
  /** The identifiers the program asks of the prescriber (docs/product.md §16); null when it does not. */
  @Column({ type: 'varchar', length: 30, nullable: true }) licenseNumber: string | null;
  @Column({ type: 'char', length: 2, nullable: true }) licenseState: string | null;
  @Column({ type: 'char', length: 9, nullable: true }) deaNumber: string | null;
  @Column({ type: 'char', length: 9, nullable: true }) taxId: string | null;
  /** Fact name → SHA-256 of its printed value (docs/product.md §17); null for signatures given before it was kept. */
  @Column({ type: 'jsonb', nullable: true }) factsSha256: Record<string, string> | null;
}
