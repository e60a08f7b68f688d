import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { DRUG_COVERAGES, type DrugCoverage, type InsuranceType } from '@rxbridge/contracts';
import { oneOf } from './checks';
import { User } from './user.entity';

@Entity('insurances')
@Check('insurances_drug_coverage_check', oneOf('drug_coverage', DRUG_COVERAGES))
@Check('insurances_out_of_pocket_check', 'out_of_pocket_cents_this_year >= 0')
export class Insurance {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('insurances_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, (u) => u.insurances, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 100 }) provider: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) policyNumber: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) groupNumber: string | null;
  @Column({ type: 'varchar', length: 40 }) coverageType: InsuranceType;
  /** The patient's answer to "What kind of plan is it?"; null until answered (docs/product.md §6.3). */
  @Column({ type: 'varchar', length: 40, nullable: true }) drugCoverage: DrugCoverage | null;
  @Column({ type: 'boolean', nullable: true }) extraHelp: boolean | null;
  @Column({ type: 'integer', nullable: true }) outOfPocketCentsThisYear: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) documentUrl: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  /**
   * When the record last became the patient's plan anew (changesInsurancePlan): a change made it another plan, or the
   * deletion of a newer record of another plan left it their plan; null while it is the plan it was added as. An
   * insurance card received before it is no card of their plan (cardOfCurrentPlan, docs/product.md §6.3).
   */
  @Column({ type: 'timestamptz', nullable: true }) planChangedAt: Date | null;
}
