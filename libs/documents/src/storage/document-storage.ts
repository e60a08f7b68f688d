/**
 * Where the encrypted document files live. Keys are chosen by the server (`<userId>/<documentId>`),
 * never by a client. Implementations: LocalDiskStorage (default) and S3Storage.
 */
export interface DocumentStorage {
  /** Stores the bytes under the key, all or nothing: a reader never sees a partial file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under the key; throws StorageObjectMissing when there are none. */
  get(key: string): Promise<Buffer>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Whether a put may store its bytes after it answered: an attempt the client gave up on (a timeout, a dropped
   * connection), failed or retried, that the service goes on to complete. Such a file is left for the sweep
   * (documents.service).
   */
  readonly failedPutMayLand: boolean;
}

export const DOCUMENT_STORAGE = Symbol('DOCUMENT_STORAGE');

export class StorageObjectMissing extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;
/** Keys are plain path segments: no `..`, no leading slash, nothing a path or URL would reinterpret. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${key}`);
}
