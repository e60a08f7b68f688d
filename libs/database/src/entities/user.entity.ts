import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import {
  LANGUAGES,
  PLAN_TIERS,
  ROLES,
  type Gender,
  type Language,
  type MaritalStatus,
  type PlanTier,
  type Role,
} from '@rxbridge/contracts';
import { oneOf } from './checks';
import { Doctor } from './doctor.entity';
import { Prescription } from './prescription.entity';
import { Insurance } from './insurance.entity';

@Entity('users')
@Check('users_role_check', oneOf('role', ROLES))
@Check('users_tier_check', oneOf('tier', PLAN_TIERS))
@Check('users_preferred_language_check', oneOf('preferred_language', LANGUAGES))
export class User {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Always stored lowercased; unique. */
  @Column({ type: 'varchar', length: 254, unique: true }) email: string;
  @Column({ type: 'varchar', length: 255, select: false }) passwordHash: string;
  @Column({ type: 'varchar', length: 100 }) firstName: string;
  @Column({ type: 'varchar', length: 100 }) lastName: string;
  @Column({ type: 'varchar', length: 20 }) phone: string;
  @Column({ type: 'date' }) dateOfBirth: string;
  @Column({ type: 'varchar', length: 30 }) gender: Gender;
  @Column({ type: 'varchar', length: 30, nullable: true }) maritalStatus: MaritalStatus | null;
  @Column({ type: 'varchar', length: 200 }) mailingStreet: string;
  @Column({ type: 'varchar', length: 100 }) mailingCity: string;
  @Column({ type: 'char', length: 2 }) mailingState: string;
  @Column({ type: 'varchar', length: 10 }) mailingZip: string;
  @Column({ type: 'varchar', length: 20, default: 'USER' }) role: Role;
  @Column({ type: 'varchar', length: 30 }) tier: PlanTier;
  /** The patient's language: emails, the packet's cover and the API's messages follow it (docs/product.md, Languages). */
  @Column({ type: 'varchar', length: 5, default: 'en' }) preferredLanguage: Language;
  @Column({ type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) passwordChangedAt: Date | null;
  /** A disabled account cannot log in, and its sessions stop working at the next request. */
  @Column({ type: 'timestamptz', nullable: true }) disabledAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;

  @OneToMany(() => Doctor, (d) => d.user) doctors?: Relation<Doctor[]>;
  @OneToMany(() => Prescription, (p) => p.user) prescriptions?: Relation<Prescription[]>;
  @OneToMany(() => Insurance, (i) => i.user) insurances?: Relation<Insurance[]>;
}
