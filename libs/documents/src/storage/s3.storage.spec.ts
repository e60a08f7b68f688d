// The S3 driver (the AWS SDK) against a small S3-like HTTP server on loopback that checks every
// signature the way S3 does, with the SDK's own signer over what actually arrived. No S3-compatible
// server can be run here: MinIO is not in the package index, and s3rver on npm is unmaintained.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { StorageObjectMissing } from './document-storage';
import { S3Storage } from './s3.storage';

/** SHA-256 (or its HMAC) in the shape the signer expects. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret ? createHmac('sha256', secret) : createHash('sha256');
  }
  update(data: string | Uint8Array) {
    this.hash.update(data);
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const REGION = 'eu-west-1';
const SECRETS: Record<string, string> = { 'test-key': 'test-secret', 'chain-key': 'chain-secret' };

interface Seen {
  method: string;
  url: string;
  authorization: string;
  token?: string;
}

describe('S3Storage', () => {
  const objects = new Map<string, Buffer>();
  const seen: Seen[] = [];
  /** Answers the next requests with this status before handling them (retries). */
  const failNext: number[] = [];
  let server: Server;
  let endpoint: string;

  /** Checks a request the way S3 does: the signature over what actually arrived. */
  async function verify(req: IncomingMessage, body: Buffer): Promise<boolean> {
    const auth = String(req.headers.authorization ?? '');
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m || !SECRETS[m[1]] || m[3] !== REGION) return false;
    const hash = String(req.headers['x-amz-content-sha256']);
    if (hash !== 'UNSIGNED-PAYLOAD' && hash !== createHash('sha256').update(body).digest('hex')) return false;
    const names = m[4].split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return false;
    const headers = Object.fromEntries(names.map((n) => [n, String(req.headers[n])]));
    const date = String(req.headers['x-amz-date']);
    const when = new Date(date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const signer = new SignatureV4({
      credentials: {
        accessKeyId: m[1],
        secretAccessKey: SECRETS[m[1]],
        sessionToken: req.headers['x-amz-security-token'] as string | undefined,
      },
      region: REGION,
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
    const signed = await signer.sign(
      {
        method: req.method!,
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
      },
      { signingDate: when },
    );
    return signed.headers.authorization === auth;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const body = Buffer.concat(chunks);
          seen.push({
            method: req.method!,
            url: req.url!,
            authorization: String(req.headers.authorization),
            token: req.headers['x-amz-security-token'] as string | undefined,
          });
          const xml = (status: number, code: string) =>
            res
              .writeHead(status, { 'content-type': 'application/xml' })
              .end(
                `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
              );
          const failure = failNext.shift();
          if (failure) return xml(failure, 'SlowDown');
          if (!(await verify(req, body))) return xml(403, 'SignatureDoesNotMatch');
          const key = new URL(req.url!, 'http://x').pathname;
          if (req.method === 'PUT') objects.set(key, body);
          if (req.method === 'DELETE') objects.delete(key);
          if (req.method === 'GET' && !objects.has(key)) return xml(404, 'NoSuchKey');
          res.writeHead(req.method === 'DELETE' ? 204 : 200).end(req.method === 'GET' ? objects.get(key) : undefined);
        })();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen.length = 0;
  });

  const storage = (extra: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      endpoint,
      region: REGION,
      bucket: 'rx-docs',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      ...extra,
    });

  it('puts, gets and deletes signed objects, path-style', async () => {
    const s3 = storage();
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await s3.put('user-1/doc-1', data);
    expect(objects.get('/rx-docs/user-1/doc-1')).toEqual(data);
    expect((await s3.get('user-1/doc-1')).equals(data)).toBe(true);
    await s3.delete('user-1/doc-1');
    await expect(s3.get('user-1/doc-1')).rejects.toBeInstanceOf(StorageObjectMissing);
    await s3.delete('user-1/doc-1');
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'GET', 'DELETE', 'GET', 'DELETE']);
    expect(seen[0].url).toMatch(/^\/rx-docs\/user-1\/doc-1(\?|$)/);
    expect(seen[0].authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    await expect(s3.put('../escape', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    s3.destroy();
  });

  it('fails with the S3 error code when the keys are wrong, and stores nothing', async () => {
    const s3 = storage({ secretAccessKey: 'wrong' });
    await expect(s3.put('user-1/doc-2', Buffer.from('x'))).rejects.toThrow(
      'S3 PUT user-1/doc-2 failed: HTTP 403 SignatureDoesNotMatch',
    );
    expect(objects.has('/rx-docs/user-1/doc-2')).toBe(false);
    s3.destroy();
  });

  it('retries a request the service asks to slow down', async () => {
    const s3 = storage();
    failNext.push(503);
    await s3.put('user-1/doc-3', Buffer.from('again'));
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'PUT']);
    expect(objects.get('/rx-docs/user-1/doc-3')?.toString()).toBe('again');
    s3.destroy();
  });

  it("signs with the SDK's credential chain, session token included, when no keys are set", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'chain-key',
      AWS_SECRET_ACCESS_KEY: 'chain-secret',
      AWS_SESSION_TOKEN: 'session-token',
    });
    try {
      const s3 = storage({ accessKeyId: undefined, secretAccessKey: undefined });
      await s3.put('user-1/doc-4', Buffer.from('chain'));
      expect(seen[0].authorization).toContain('Credential=chain-key/');
      expect(seen[0].token).toBe('session-token');
      expect(objects.get('/rx-docs/user-1/doc-4')?.toString()).toBe('chain');
      s3.destroy();
    } finally {
      for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});
