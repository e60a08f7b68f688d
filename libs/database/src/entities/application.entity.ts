import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { ApplicationDocumentStatus, ApplicationState, TransitionActorRole } from '@rxbridge/contracts';
import { User } from './user.entity';

/**
 * One Patient Assistance Program case per prescription (docs/product.md §5 Applications). prescription_id is
 * unique but not a foreign key: the case and its history outlive a removed prescription, which is
 * why the medication is kept here too.
 */
@Entity('applications')
@Index('applications_state_created_idx', ['state', 'createdAt'])
export class Application {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index() @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'uuid', unique: true }) prescriptionId: string;
  @Column({ type: 'varchar', length: 200 }) medication: string;
  @Column({ type: 'varchar', length: 30 }) state: ApplicationState;
  @Column({ type: 'date', nullable: true }) enrollmentStartDate: string | null;
  @Column({ type: 'date', nullable: true }) enrollmentEndDate: string | null;
  /** A catalogue program id (libs/domain PAP_CATALOGUE); null when none covers the medication (docs/product.md §15). */
  @Column({ type: 'varchar', length: 100, nullable: true }) programId: string | null;
  /** A navigator chose the program: the worker's match never replaces it. */
  @Column({ type: 'boolean', default: false }) programOverridden: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;

  @OneToMany(() => ApplicationTransition, (t) => t.application) transitions?: Relation<ApplicationTransition[]>;
  @OneToMany(() => ApplicationShipment, (s) => s.application) shipments?: Relation<ApplicationShipment[]>;
  @OneToMany(() => ApplicationDocument, (d) => d.application) documents?: Relation<ApplicationDocument[]>;
}

/** The timeline: every move with who, when, a note and the details it carried. */
@Entity('application_transitions')
@Index('application_transitions_app_idx', ['applicationId', 'createdAt'])
export class ApplicationTransition {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, (a) => a.transitions, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  /** null for the entry that opened the application. */
  @Column({ type: 'varchar', length: 30, nullable: true }) fromState: ApplicationState | null;
  @Column({ type: 'varchar', length: 30 }) toState: ApplicationState;
  /** null when the system made the move. */
  @Column({ type: 'uuid', nullable: true }) actorId: string | null;
  @Column({ type: 'varchar', length: 20 }) actorRole: TransitionActorRole;
  @Column({ type: 'text', default: '' }) note: string;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A scheduled shipment; its refill date is when the case moves to REFILL_DUE. */
@Entity('application_shipments')
@Index('application_shipments_app_idx', ['applicationId', 'createdAt'])
export class ApplicationShipment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, (a) => a.shipments, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'uuid' }) transitionId: string;
  @Column({ type: 'date' }) shipmentDate: string;
  @Column({ type: 'int' }) daysOfSupply: number;
  @Column({ type: 'date' }) refillDueAt: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** One item of the program's document checklist. */
@Entity('application_documents')
@Index('application_documents_kind_key', ['applicationId', 'kind'], { unique: true })
export class ApplicationDocument {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, (a) => a.documents, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'varchar', length: 30 }) kind: string;
  /** The patient's uploaded document, when one was attached (a faxed form has none). */
  @Column({ type: 'uuid', nullable: true }) documentId: string | null;
  @Column({ type: 'varchar', length: 10 }) status: ApplicationDocumentStatus;
  @Column({ type: 'timestamptz', nullable: true }) receivedAt: Date | null;
  @Column({ type: 'text', nullable: true }) note: string | null;
  @Column({ type: 'uuid', nullable: true }) updatedBy: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
