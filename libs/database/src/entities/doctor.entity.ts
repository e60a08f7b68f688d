import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { Specialty } from '@rxbridge/contracts';
import { User } from './user.entity';

@Entity('doctors')
@Check('doctors_npi_number_check', `npi_number ~ '^[0-9]{1,10}$'`)
export class Doctor {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('doctors_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, (u) => u.doctors, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 100 }) firstName: string;
  @Column({ type: 'varchar', length: 100 }) lastName: string;
  @Column({ type: 'varchar', length: 40 }) specialty: Specialty;
  @Column({ type: 'varchar', length: 20, nullable: true }) phone: string | null;
  @Column({ type: 'varchar', length: 300 }) doctorAddress: string;
  @Column({ type: 'varchar', length: 10, nullable: true }) npiNumber: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
