import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Application } from './application.entity';
import { User } from './user.entity';

/**
 * The patient's own signature on their application (docs/product.md §17): the typed name, when, from where, and
 * the SHA-256 of each fact of the packet it covers, so a changed fact shows the signature as no longer current.
 * A patient who signs again adds a row; the latest counts.
 */
@Entity('patient_signatures')
@Index('patient_signatures_app_idx', ['applicationId', 'signedAt'])
export class PatientSignature {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 200 }) name: string;
  @CreateDateColumn({ type: 'timestamptz' }) signedAt: Date;
  @Column({ type: 'varchar', length: 64 }) ipAddress: string;
  @Column({ type: 'varchar', length: 500 }) userAgent: string;
  /** Fact name → SHA-256 of its printed value (libs/domain signedFacts). */
  @Column({ type: 'jsonb' }) factsSha256: Record<string, string>;
}
