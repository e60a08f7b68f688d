import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import {
  APPLICATION_STATES,
  DOCUMENT_STATUSES,
  ROLES,
  SHIP_TO_CHOICES,
  type ShipToChoice,
  type ApplicationDocumentStatus,
  type ApplicationState,
  type TransitionActorRole,
} from '@rxbridge/contracts';
import { oneOf } from './checks';
import { PatientDocument } from './document.entity';
import { User } from './user.entity';

/** The document kinds a program's checklist may ask for (libs/domain's program catalogue). */
const DOCUMENT_KINDS = ['PROOF_OF_INCOME', 'INSURANCE_CARD', 'DENIAL_LETTER', 'PRESCRIBER_FORM'];

/**
 * One Patient Assistance Program case per prescription (docs/product.md §5 Applications). prescription_id is
 * unique but not a foreign key: the case and its history outlive a removed prescription, which is
 * why the medication is kept here too.
 */
@Entity('applications')
@Index('applications_state_created_idx', ['state', 'createdAt'])
@Check('applications_state_check', oneOf('state', APPLICATION_STATES))
@Check('applications_check', 'enrollment_end_date > enrollment_start_date')
@Check('applications_ship_to_check', oneOf('ship_to', SHIP_TO_CHOICES))
// One first application per prescription, and one renewal per enrollment of an application (docs/product.md §18).
@Index('applications_first_of_prescription_key', ['prescriptionId'], { unique: true, where: 'renewal_of IS NULL' })
@Index('applications_renewal_key', ['renewalOf', 'renewsEnrollmentEndingOn'], { unique: true })
@Index('applications_prescription_idx', ['prescriptionId'])
export class Application {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('applications_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'uuid' }) prescriptionId: string;
  @Column({ type: 'varchar', length: 200 }) medication: string;
  @Column({ type: 'varchar', length: 30, default: 'INTAKE' }) state: ApplicationState;
  @Column({ type: 'date', nullable: true }) enrollmentStartDate: string | null;
  @Column({ type: 'date', nullable: true }) enrollmentEndDate: string | null;
  /** The end date is our default, not the navigator's nor the program's (docs/product.md §18). */
  @Column({ type: 'boolean', default: false }) enrollmentEstimated: boolean;
  /** The application this one renews; null for a prescription's first application. */
  @Column({ type: 'uuid', nullable: true })
  renewalOf: string | null;
  /** With renewalOf: the end date of the enrollment this renewal continues. */
  @Column({ type: 'date', nullable: true }) renewsEnrollmentEndingOn: string | null;
  @ManyToOne(() => Application, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'renewal_of' })
  renewed?: Relation<Application> | null;
  /** A catalogue program id (libs/domain PAP_CATALOGUE); null when none covers the medication (docs/product.md §15). */
  @Column({ type: 'varchar', length: 100, nullable: true }) programId: string | null;
  /** A navigator chose the program: the worker's match never replaces it. */
  @Column({ type: 'boolean', default: false }) programOverridden: boolean;
  /** The patient's ship-to choice where the program offers both (docs/product.md §17). */
  @Column({ type: 'varchar', length: 20, nullable: true }) shipTo: ShipToChoice | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;

  @OneToMany(() => ApplicationTransition, (t) => t.application) transitions?: Relation<ApplicationTransition[]>;
  @OneToMany(() => ApplicationShipment, (s) => s.application) shipments?: Relation<ApplicationShipment[]>;
  @OneToMany(() => ApplicationDocument, (d) => d.application) documents?: Relation<ApplicationDocument[]>;
}

/** The timeline: every move with who, when, a note and the details it carried. */
@Entity('application_transitions')
@Index('application_transitions_app_idx', ['applicationId', 'createdAt'])
// A navigator's program changes, read back when the emails of what they asked are armed again (docs/product.md §11).
@Index('application_transitions_program_set_idx', ['createdAt'], { where: `details ? 'previousProgramId'` })
@Check('application_transitions_from_state_check', oneOf('from_state', APPLICATION_STATES))
@Check('application_transitions_to_state_check', oneOf('to_state', APPLICATION_STATES))
@Check('application_transitions_actor_role_check', oneOf('actor_role', [...ROLES, 'SYSTEM']))
export class ApplicationTransition {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, (a) => a.transitions, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  /** null for the entry that opened the application. */
  @Column({ type: 'varchar', length: 30, nullable: true }) fromState: ApplicationState | null;
  @Column({ type: 'varchar', length: 30 }) toState: ApplicationState;
  /** null when the system made the move. */
  @Column({ type: 'uuid', nullable: true }) actorId: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: Relation<User> | null;
  @Column({ type: 'varchar', length: 20 }) actorRole: TransitionActorRole;
  @Column({ type: 'text', default: '' }) note: string;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  // clock_timestamp(), not now(): moves made in one transaction keep their order on the timeline.
  @CreateDateColumn({ type: 'timestamptz', default: () => 'clock_timestamp()' }) createdAt: Date;
}

/** A scheduled shipment; its refill date is when the case moves to REFILL_DUE. */
@Entity('application_shipments')
@Index('application_shipments_app_idx', ['applicationId', 'createdAt'])
@Check('application_shipments_days_of_supply_check', 'days_of_supply BETWEEN 1 AND 366')
export class ApplicationShipment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, (a) => a.shipments, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'uuid' }) transitionId: string;
  @ManyToOne(() => ApplicationTransition, { onDelete: 'CASCADE' }) transition?: Relation<ApplicationTransition>;
  @Column({ type: 'date' }) shipmentDate: string;
  @Column({ type: 'int' }) daysOfSupply: number;
  @Column({ type: 'date' }) refillDueAt: string;
  @CreateDateColumn({ type: 'timestamptz', default: () => 'clock_timestamp()' }) createdAt: Date;
}

/** One item of the program's document checklist. */
@Entity('application_documents')
@Unique('application_documents_kind_key', ['applicationId', 'kind'])
// The items someone marked missing, read back when the asked-documents emails are armed again (docs/product.md §11).
@Index('application_documents_marked_missing_idx', ['updatedAt'], {
  where: `status = 'MISSING' AND updated_by IS NOT NULL`,
})
@Check('application_documents_kind_check', oneOf('kind', DOCUMENT_KINDS))
@Check('application_documents_status_check', oneOf('status', DOCUMENT_STATUSES))
export class ApplicationDocument {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @ManyToOne(() => Application, (a) => a.documents, { onDelete: 'CASCADE' }) application?: Relation<Application>;
  @Column({ type: 'varchar', length: 30 }) kind: string;
  /** The patient's uploaded document, when one was attached (a faxed form has none). */
  @Index('application_documents_document_idx') @Column({ type: 'uuid', nullable: true }) documentId: string | null;
  @ManyToOne(() => PatientDocument, { onDelete: 'SET NULL', nullable: true })
  document?: Relation<PatientDocument> | null;
  @Column({ type: 'varchar', length: 10, default: 'MISSING' }) status: ApplicationDocumentStatus;
  @Column({ type: 'timestamptz', nullable: true }) receivedAt: Date | null;
  @Column({ type: 'text', nullable: true }) note: string | null;
  /**
   * With updatedAt: who last marked the item (a staff member; null: the system) and when. The patient's own writes
   * (attaching, deleting the upload) leave both as they were (docs/product.md §5).
   */
  @Column({ type: 'uuid', nullable: true }) updatedBy: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'updated_by' })
  updatedByUser?: Relation<User> | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
