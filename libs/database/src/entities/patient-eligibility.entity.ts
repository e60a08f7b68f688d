import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { User } from './user.entity';

/**
 * A patient's household size and yearly income (docs/product.md §15), sealed with AES-256-GCM under the documents
 * key with the user id as associated data (docs/architecture.md §14): never readable from a dump or a log.
 */
@Entity('patient_eligibility')
export class PatientEligibility {
  @PrimaryColumn({ type: 'uuid' }) userId: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: Relation<User>;
  @Column({ type: 'bytea' }) sealedFacts: Buffer;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
