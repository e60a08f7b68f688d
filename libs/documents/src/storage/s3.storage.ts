import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, StorageObjectMissing, type DocumentStorage } from './document-storage';

export interface S3Options {
  /** e.g. a MinIO or R2 address; the AWS endpoint of the region when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither: without them the SDK's default credential chain is used (env, roles...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path rather than the host name: what MinIO and R2 expect. */
  forcePathStyle?: boolean;
  /** Attempts per request, the first included (the SDK's standard retry mode, with backoff). */
  maxAttempts?: number;
  timeoutMs?: number;
}

/** An S3-compatible bucket through the AWS SDK (signing, credentials, retries). */
export class S3Storage implements DocumentStorage {
  /** A PUT timed out or cut off on our side may still be stored by the service, after any DELETE sent since. */
  readonly failedPutMayLand = true;
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle ?? true,
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
      maxAttempts: opts.maxAttempts ?? 3,
      // The SDK's newer default checksums are not accepted by every compatible service; the
      // payload is still signed, and AES-GCM's tag catches a corrupted file on read.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { requestTimeout: opts.timeoutMs ?? 30_000, connectionTimeout: 5_000 },
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertStorageKey(key);
    // S3 stores an object whole or not at all, so no temporary name is needed.
    await this.run('PUT', key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.opts.bucket,
          Key: key,
          Body: data,
          ContentType: 'application/octet-stream',
        }),
      ),
    );
  }

  async get(key: string): Promise<Buffer> {
    assertStorageKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || statusOf(err) === 404) throw new StorageObjectMissing(key);
      throw failure('GET', key, err);
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    } catch (err) {
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (statusOf(err) === 404) return;
      throw failure('DELETE', key, err);
    }
  }

  /** Closes the SDK's connection pool. */
  destroy(): void {
    this.client.destroy();
  }

  private async run(method: string, key: string, call: () => Promise<unknown>) {
    try {
      await call();
    } catch (err) {
      throw failure(method, key, err);
    }
  }
}

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

/** S3's error code (AccessDenied, NoSuchBucket...) is what an operator needs; the key names no patient data. */
function failure(method: string, key: string, err: unknown): Error {
  const status = statusOf(err);
  const code = err instanceof Error ? err.name : 'unknown';
  return new Error(`S3 ${method} ${key} failed: ${status ? `HTTP ${status} ` : ''}${code}`, { cause: err });
}
