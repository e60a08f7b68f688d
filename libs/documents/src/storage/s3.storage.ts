import { assertStorageKey, StorageObjectMissing, type DocumentStorage } from './document-storage';
import { sha256Hex, signRequest, uriEncode, type SigV4Credentials } from './sigv4';

export interface S3Options {
  /** e.g. https://s3.us-east-1.amazonaws.com, or a compatible service (MinIO, R2...). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs?: number;
}

/** An S3-compatible bucket over plain fetch, path-style addressing, signed with SigV4. */
export class S3Storage implements DocumentStorage {
  private readonly creds: SigV4Credentials;

  constructor(private readonly opts: S3Options) {
    this.creds = {
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      region: opts.region,
      service: 's3',
    };
  }

  async put(key: string, data: Buffer): Promise<void> {
    // S3 stores an object whole or not at all, so no temporary name is needed.
    const res = await this.send('PUT', key, data, { 'content-type': 'application/octet-stream' });
    await expectOk(res, 'PUT', key);
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      throw new StorageObjectMissing(key);
    }
    await expectOk(res, 'GET', key, false);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (res.status === 404) return void (await res.body?.cancel());
    await expectOk(res, 'DELETE', key);
  }

  private send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    assertStorageKey(key);
    const base = this.opts.endpoint.replace(/\/+$/, '');
    const url = new URL(`${base}/${uriEncode(this.opts.bucket)}/${key.split('/').map(uriEncode).join('/')}`);
    const signed = signRequest({ method, url, headers, payloadHash: sha256Hex(body ?? '') }, this.creds);
    return fetch(url, {
      method,
      headers: signed,
      body: body ? Uint8Array.from(body) : undefined,
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
    });
  }
}

async function expectOk(res: Response, method: string, key: string, drain = true) {
  if (res.ok) {
    if (drain) await res.body?.cancel();
    return;
  }
  // S3 answers an XML error; its Code (AccessDenied, NoSuchBucket...) is what an operator needs.
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'unknown';
  throw new Error(`S3 ${method} ${key} failed: HTTP ${res.status} ${code}`);
}
