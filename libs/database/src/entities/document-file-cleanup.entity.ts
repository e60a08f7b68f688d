import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A stored document file that may have no row pointing at it: written before an upload's file, and
 * removed by the upload's own commit; written by a delete together with the row's removal. The
 * worker's sweep removes the file of each entry once it is due (DocumentFileSweep), so a crash at
 * any moment leaves at worst a file that is removed later, never a row without its file.
 */
@Entity('document_file_cleanups')
@Index('document_file_cleanups_due_idx', ['dueAt'])
export class DocumentFileCleanup {
  @PrimaryColumn({ type: 'varchar', length: 300 }) storageKey: string;
  /** Not before: an upload still in flight must have time to commit. */
  @Column({ type: 'timestamptz' }) dueAt: Date;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
