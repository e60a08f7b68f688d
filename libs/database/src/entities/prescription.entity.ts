import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from './user.entity';
import { Doctor } from './doctor.entity';

@Entity('prescriptions')
export class Prescription {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('prescriptions_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, (u) => u.prescriptions, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 200 }) medication: string;
  @Column({ type: 'varchar', length: 100, default: '' }) dosage: string;
  @Column({ type: 'varchar', length: 40, default: '' }) frequency: string;
  /** ICD-10 code, quantity and days' supply: optional, printed on the program's packet (docs/product.md §17). */
  @Column({ type: 'varchar', length: 8, nullable: true }) diagnosisCode: string | null;
  @Column({ type: 'integer', nullable: true }) quantity: number | null;
  @Column({ type: 'integer', nullable: true }) daysSupply: number | null;
  @Column({ type: 'uuid', nullable: true }) doctorId: string | null;
  // A deleted doctor leaves the prescription without a prescriber rather than deleting it.
  @ManyToOne(() => Doctor, { onDelete: 'SET NULL', nullable: true }) doctor?: Relation<Doctor> | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
