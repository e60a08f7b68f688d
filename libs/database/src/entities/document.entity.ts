import { Check, Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { DocumentMimeType } from '@rxbridge/contracts';
import { User } from './user.entity';

/**
 * A patient's uploaded document. The file itself is encrypted in the document storage under
 * storageKey; the id is chosen before the insert because it is bound into the encryption.
 */
@Entity('documents')
@Index('documents_user_created_idx', ['userId', 'createdAt'])
@Check('documents_title_check', `btrim(title) <> ''`)
@Check('documents_file_size_check', 'file_size > 0 AND file_size <= 10485760')
export class PatientDocument {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'RESTRICT' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'varchar', length: 255 }) originalName: string;
  @Column({ type: 'varchar', length: 100 }) mimeType: DocumentMimeType;
  /** Bytes of the original (unencrypted) file. */
  @Column({ type: 'int' }) fileSize: number;
  @Column({ type: 'varchar', length: 300, unique: true }) storageKey: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  /**
   * When the packet's renderer could not turn the file into fax pages (a damaged or password-protected PDF): the fax
   * cannot carry it, and the patient is asked for it again (docs/product.md §17).
   */
  @Column({ type: 'timestamptz', nullable: true }) unfaxableAt: Date | null;
}
