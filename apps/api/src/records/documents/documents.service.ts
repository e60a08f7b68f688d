import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MESSAGES,
  RECORD_MESSAGES,
  type DocumentListQuery,
  type DocumentAccessAnswer,
  type DocumentsPageAnswer,
  type DocumentView,
} from '@rxbridge/contracts';
import { isUuid, PatientDocument } from '@rxbridge/database';
import { askAgainForDeletedUpload, lockApplicationsHoldingUpload } from '@rxbridge/applications';
import {
  ApiError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
  SETTINGS,
  type Settings,
  tooManyRequests,
} from '@rxbridge/platform';
import {
  deleteDocument,
  documentExists,
  findDocument,
  getOwnDocument,
  insertDocument,
  listDocuments,
  lockedStorageUsed,
} from '@rxbridge/records';
import { type RateLimit, RateLimiter } from '../../common/rate-limiter';
import { containsPattern, paginate } from '../../common/pagination';
import type { AuthUser } from '../../common/auth.guard';
import { RecordAccess } from '../../common/record-access';
import {
  DocumentCipher,
  checkDocumentLink,
  signDocumentLink,
  contentDisposition,
  detectDocumentType,
  servedFileName,
  cancelFileCleanup,
  planFileCleanup,
  UPLOAD_GRACE_MS,
  DOCUMENT_STORAGE,
  StorageObjectMissing,
  type DocumentStorage,
} from '@rxbridge/documents';

export interface UploadedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export interface DocumentFile {
  body: Buffer;
  headers: Record<string, string>;
}

const toDocumentView = (d: PatientDocument): DocumentView => ({
  id: d.id,
  title: d.title,
  mimeType: d.mimeType,
  fileSize: d.fileSize,
  createdAt: d.createdAt.toISOString(),
});

/** How often a delete starts over when the upload was attached to another application meanwhile. */
const DELETE_ATTEMPTS = 5;

/** Thrown inside the upload transaction so the rollback can tell a storage failure from the rest. */
class StorageWriteFailed extends Error {
  constructor(cause: unknown) {
    super('document storage write failed', { cause });
  }
}

@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('DocumentsService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RecordAccess) private readonly access: RecordAccess,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    @Inject(DocumentCipher) private readonly cipher: DocumentCipher,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  /**
   * Never a row without its file nor a file without its row: the file is written first, then the row
   * inserted in a short transaction (no connection or lock held while the storage answers, which in
   * an outage takes its retries). A failed write inserts nothing; a failed transaction removes the
   * file; and a crash between write and commit leaves a cleanup entry, planned before the write and
   * removed only by the commit, from which the worker's sweep removes the file an hour later. An
   * entry already swept when the row comes (a write past that hour) refuses the row. A failed write
   * that may still land (S3) keeps its entry, and so does any discarded upload there (discardUnreferenced).
   */
  async upload(user: AuthUser, file: UploadedFile | undefined, title: string): Promise<DocumentView> {
    if (!file) throw badRequest(MESSAGES.missingFileOrTitle, { document: MESSAGES.missingFileOrTitle });
    if (file.size === 0) throw badRequest(RECORD_MESSAGES.emptyFile, { document: RECORD_MESSAGES.emptyFile });
    const mimeType = await detectDocumentType(file.buffer);
    if (!mimeType) {
      throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'invalid-file-type', MESSAGES.invalidFileType, {
        document: MESSAGES.invalidFileType,
      });
    }
    // Per patient and hour (docs/product.md §6): a script cannot fill the storage in a second. Counted once the file
    // is one we would store, and given back below when nothing was stored (a storage outage, the quota).
    const hourly: RateLimit = {
      name: 'upload:account',
      max: this.settings.DOCUMENT_UPLOADS_PER_HOUR,
      windowSeconds: 3600,
      message: RECORD_MESSAGES.tooManyUploads,
    };
    await this.limiter.hit([hourly, user.id]);
    const id = randomUUID();
    const storageKey = `${user.id}/${id}`;
    const sealed = this.cipher.seal(file.buffer, id);
    await planFileCleanup(this.db.manager, storageKey, new Date(Date.now() + UPLOAD_GRACE_MS));
    try {
      await this.storage.put(storageKey, sealed).catch((err) => {
        throw new StorageWriteFailed(err);
      });
      await this.db.transaction(async (manager) => {
        // First: the entry stays locked (so the sweep passes it by) until this commits, which removes it.
        if (!(await cancelFileCleanup(manager, storageKey))) {
          throw new StorageWriteFailed(new Error('the file was swept before its row was written'));
        }
        // The quota, under a lock on the patient's row so two uploads at once cannot both pass it.
        const used = await lockedStorageUsed(manager, user.id);
        if (used + file.size > this.settings.DOCUMENT_STORAGE_QUOTA_MB * 1024 * 1024) {
          throw tooManyRequests(3600, RECORD_MESSAGES.storageQuotaReached);
        }
        await insertDocument(manager, {
          id,
          userId: user.id,
          title,
          originalName: servedFileName(file.originalname, mimeType).slice(0, 255),
          mimeType,
          fileSize: file.size,
          storageKey,
        });
      });
    } catch (err) {
      // Also after a failed write: a timed-out S3 PUT may have stored the object all the same.
      await this.discardUnreferenced(id, storageKey);
      await this.limiter
        .giveBack(hourly, user.id)
        .catch((e: unknown) => this.logger.warn({ err: e }, 'upload count kept'));
      if (err instanceof StorageWriteFailed) {
        this.logger.error({ err: err.cause, documentId: id }, 'document storage write failed; upload rolled back');
        throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'storage-unavailable', RECORD_MESSAGES.storageUnavailable);
      }
      throw err;
    }
    return toDocumentView(await getOwnDocument(this.db.manager, id, user.id));
  }

  /** The patient's documents, newest first, a page at a time, optionally those whose title contains the search. */
  async list(userId: string, q: DocumentListQuery): Promise<DocumentsPageAnswer> {
    const [rows, totalCount] = await listDocuments(this.db.manager, userId, {
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      titlePattern: q.search ? containsPattern(q.search) : undefined,
    });
    return { documents: rows.map(toDocumentView), pagination: paginate(q.page, q.limit, totalCount) };
  }

  /** A link to the file that works for a few minutes; staff reads are audited (RecordAccess). */
  async accessUrl(user: AuthUser, id: string): Promise<DocumentAccessAnswer> {
    const doc = await this.access.readable(PatientDocument, id, user, 'Document', {
      action: 'document.access',
      entityType: 'document',
    });
    const expires = Math.floor(Date.now() / 1000) + this.settings.DOCUMENT_LINK_TTL_SECONDS;
    const signature = signDocumentLink(this.settings.JWT_SECRET, doc.id, expires);
    return {
      accessUrl: `${this.settings.APP_URL}/api/v1/documents/${doc.id}/file?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The decrypted file behind a signed link, with headers that make the browser show it safely. */
  async file(id: string, expires: unknown, signature: unknown): Promise<DocumentFile> {
    const check = checkDocumentLink(this.settings.JWT_SECRET, id, expires, signature);
    if (check === 'expired') throw forbidden(RECORD_MESSAGES.documentLinkExpired);
    if (check === 'invalid') throw forbidden(RECORD_MESSAGES.documentLinkInvalid);
    // The link was signed for this id, so it is well formed; the document may have been deleted since.
    const doc = await findDocument(this.db.manager, id);
    if (!doc) throw notFound('Document');
    let sealed: Buffer;
    try {
      sealed = await this.storage.get(doc.storageKey);
    } catch (err) {
      if (!(err instanceof StorageObjectMissing)) {
        // The storage failing (a disk error, S3 overloaded): try again, as for an upload (docs/architecture.md §10).
        this.logger.warn({ documentId: id, reason: (err as Error).message }, 'document storage read failed');
        throw serviceUnavailable();
      }
      // Deleted between the row's read and the file's: gone, as after any delete.
      if (!(await documentExists(this.db.manager, id))) throw notFound('Document');
      this.logger.error({ documentId: id }, 'document row without its file');
      throw err;
    }
    const body = this.cipher.open(sealed, doc.id);
    return {
      body,
      headers: {
        'Content-Type': doc.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : doc.mimeType,
        'Content-Length': String(body.length),
        'Content-Disposition': contentDisposition(doc.originalName),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        // An uploaded file opened in a tab runs nothing and reaches nothing of our origin (docs/architecture.md §10).
        'Content-Security-Policy': "sandbox; default-src 'none'; frame-ancestors 'none'",
      },
    };
  }

  /**
   * The row goes first, in a transaction that also plans the file's cleanup; the file after the
   * commit. So no row ever points at a missing file, and a file whose removal fails (or never runs,
   * on a crash) is removed by the worker's sweep.
   */
  async remove(user: AuthUser, id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const doc = await this.db.transaction((manager) => this.removeRow(manager, user, id));
      if (doc) return this.discardFile(doc.storageKey);
      if (attempt === DELETE_ATTEMPTS) throw conflict(RECORD_MESSAGES.documentBeingAttached, 'document-being-attached');
    }
  }

  /**
   * An open packet's item the upload filled is asked for again (docs/product.md §6.4): its applications are locked
   * first, then the upload, as attaching does (no deadlock). Null, having written nothing, when the upload was attached
   * to another application between the two: the transaction ends, releasing its locks, and the delete starts over.
   */
  private async removeRow(manager: EntityManager, user: AuthUser, id: string): Promise<PatientDocument | null> {
    const apps = isUuid(id) ? await lockApplicationsHoldingUpload(manager, user.id, id) : [];
    const row = await this.access.own(PatientDocument, id, user, 'Document', { manager, lock: true });
    if (!(await askAgainForDeletedUpload(manager, user.id, row.id, apps))) return null;
    await deleteDocument(manager, row.id, user.id);
    await planFileCleanup(manager, row.storageKey, new Date());
    return row;
  }

  /**
   * Removes an upload's file once it is certain that no row points at it: a commit that failed on a
   * lost connection may in fact have committed. When in doubt the file stays, and the sweep decides later.
   * On a storage where a PUT may land late (S3: an attempt given up on, failed or retried by the SDK before one
   * succeeded, stored after this removal) the cleanup entry stays, due a grace from now, so the sweep removes a late
   * file too, whether the upload failed at its write or later (the quota) (docs/architecture.md §10).
   */
  private async discardUnreferenced(id: string, key: string) {
    const referenced = await documentExists(this.db.manager, id).catch(() => true);
    if (referenced) return;
    const mayLand = this.storage.failedPutMayLand;
    if (mayLand) {
      await planFileCleanup(this.db.manager, key, new Date(Date.now() + UPLOAD_GRACE_MS)).catch(() => undefined);
    }
    await this.discardFile(key, { keepEntry: mayLand });
  }

  /** A file no row points at; if it cannot be removed now (or `keepEntry`), its cleanup entry stays for the sweep. */
  private async discardFile(key: string, { keepEntry = false } = {}) {
    try {
      await this.storage.delete(key);
    } catch (err) {
      this.logger.error({ err, key }, 'could not remove an unreferenced document file; the sweep will retry');
      return;
    }
    if (!keepEntry) await cancelFileCleanup(this.db.manager, key).catch(() => undefined);
  }
}
