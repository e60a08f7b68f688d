import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from './user.entity';

/** One row per issued refresh token; rotation links them by family (one login session). */
@Entity('refresh_tokens')
@Index('refresh_tokens_expires_idx', ['expiresAt'])
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('refresh_tokens_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Index('refresh_tokens_family_idx') @Column({ type: 'uuid' }) familyId: string;
  /** SHA-256 of the token: the token itself is never stored. */
  @Column({ type: 'char', length: 64, unique: true }) tokenHash: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/**
 * A login session's last activity, the truth behind its Redis idle key: written at most once a minute,
 * read when the key is missing (docs/architecture.md §9).
 */
@Entity('session_activity')
export class SessionActivity {
  @PrimaryColumn('uuid') sessionId: string;
  @Index('session_activity_last_active_idx') @Column({ type: 'timestamptz' }) lastActiveAt: Date;
}

/** A mailed verification link; the token is an HMAC of the id, so only the id is stored. */
@Entity('email_verifications')
export class EmailVerification {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('email_verifications_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A password reset: the 6-digit code and the link token are both derived from the id by HMAC. */
@Entity('password_resets')
@Check('password_resets_via_check', `via IN ('code', 'link')`)
export class PasswordReset {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('password_resets_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 10 }) via: 'code' | 'link';
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ type: 'int', default: 0 }) failedAttempts: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
