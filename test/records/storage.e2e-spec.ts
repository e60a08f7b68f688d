// The document storage pieces on their own: SigV4 against AWS's published example, the S3 driver
// against a small S3-like server, the local driver, the cipher, type detection and the settings.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsSchema, storageSettingsProblems } from '../../apps/api/src/config/settings';
import { DocumentCipher } from '../../apps/api/src/records/documents/document-cipher';
import { detectDocumentType, servedFileName } from '../../apps/api/src/records/documents/file-type';
import { StorageObjectMissing } from '../../apps/api/src/records/documents/storage/document-storage';
import { LocalDiskStorage } from '../../apps/api/src/records/documents/storage/local-disk.storage';
import { S3Storage } from '../../apps/api/src/records/documents/storage/s3.storage';
import { sha256Hex, signRequest } from '../../apps/api/src/records/documents/storage/sigv4';
import { FILES, zip } from './helpers';

// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html (example signature calculations)
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};
const EXAMPLE_DATE = new Date('2013-05-24T00:00:00Z');

describe('SigV4', () => {
  it("matches AWS's GET Object example", () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: sha256Hex(''),
      },
      AWS_EXAMPLE,
      EXAMPLE_DATE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it("matches AWS's PUT Object example", () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signRequest(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
      },
      AWS_EXAMPLE,
      EXAMPLE_DATE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

describe('S3Storage', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  let server: Server;
  let endpoint: string;
  const creds = { accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'eu-west-1', service: 's3' };

  /** Checks a request the way S3 does: the signature over what actually arrived. */
  function verify(req: IncomingMessage, body: Buffer): boolean {
    const auth = String(req.headers.authorization ?? '');
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m || m[1] !== creds.accessKeyId || m[3] !== creds.region) return false;
    if (req.headers['x-amz-content-sha256'] !== sha256Hex(body)) return false;
    const names = m[4].split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return false;
    const headers = Object.fromEntries(names.filter((n) => n !== 'host').map((n) => [n, String(req.headers[n])]));
    const date = String(req.headers['x-amz-date']);
    const when = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const expected = signRequest({ method: req.method!, url, headers, payloadHash: sha256Hex(body) }, creds, when);
    return expected.authorization === auth;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: req.method!, url: req.url!, authorization: String(req.headers.authorization) });
        if (!verify(req, body)) {
          res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        const key = req.url!;
        if (req.method === 'PUT') objects.set(key, body);
        if (req.method === 'DELETE') objects.delete(key);
        if (req.method === 'GET' && !objects.has(key))
          return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(req.method === 'DELETE' ? 204 : 200).end(req.method === 'GET' ? objects.get(key) : undefined);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts, gets and deletes signed objects, path-style', async () => {
    const s3 = new S3Storage({
      endpoint,
      region: creds.region,
      bucket: 'rx-docs',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await s3.put('user-1/doc-1', data);
    expect(objects.get('/rx-docs/user-1/doc-1')).toEqual(data);
    expect((await s3.get('user-1/doc-1')).equals(data)).toBe(true);
    await s3.delete('user-1/doc-1');
    await expect(s3.get('user-1/doc-1')).rejects.toBeInstanceOf(StorageObjectMissing);
    await s3.delete('user-1/doc-1');
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'GET', 'DELETE', 'GET', 'DELETE']);
    expect(seen[0].authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('fails with the S3 error code when the keys are wrong', async () => {
    const s3 = new S3Storage({
      endpoint,
      region: creds.region,
      bucket: 'rx-docs',
      accessKeyId: 'test-key',
      secretAccessKey: 'wrong',
    });
    await expect(s3.put('user-1/doc-2', Buffer.from('x'))).rejects.toThrow(
      'S3 PUT user-1/doc-2 failed: HTTP 403 SignatureDoesNotMatch',
    );
    expect(objects.has('/rx-docs/user-1/doc-2')).toBe(false);
  });
});

describe('LocalDiskStorage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rxb-local-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes through a temporary name, reads back, deletes idempotently and refuses unsafe keys', async () => {
    const disk = new LocalDiskStorage(dir);
    await disk.put('u/d1', Buffer.from('sealed'));
    expect(await readdir(join(dir, 'u'))).toEqual(['d1']);
    expect((await disk.get('u/d1')).toString()).toBe('sealed');
    await disk.delete('u/d1');
    await disk.delete('u/d1');
    await expect(disk.get('u/d1')).rejects.toBeInstanceOf(StorageObjectMissing);
    for (const key of ['../escape', '/abs', 'u/../../x', 'u//x', '']) {
      await expect(disk.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('DocumentCipher', () => {
  const cipher = new DocumentCipher(Buffer.alloc(32, 7));
  const id = '5b1c2d3e-0000-4000-8000-000000000001';

  it('round-trips with a fresh IV each time, and refuses altered bytes, another id or another key', () => {
    const a = cipher.seal(FILES.pdf, id);
    const b = cipher.seal(FILES.pdf, id);
    expect(a.equals(b)).toBe(false);
    expect(cipher.open(a, id).equals(FILES.pdf)).toBe(true);
    const altered = Buffer.from(a);
    altered[altered.length - 1] ^= 1;
    expect(() => cipher.open(altered, id)).toThrow();
    expect(() => cipher.open(a, '5b1c2d3e-0000-4000-8000-000000000002')).toThrow();
    expect(() => new DocumentCipher(Buffer.alloc(32, 8)).open(a, id)).toThrow();
  });
});

describe('detectDocumentType', () => {
  it('decides by content', () => {
    expect(detectDocumentType(FILES.docx)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(detectDocumentType(FILES.xlsx)).toBeNull();
    expect(detectDocumentType(zip({ 'word/document.xml': 'x' }))).toBeNull();
    expect(detectDocumentType(FILES.docx.subarray(0, FILES.docx.length - 10))).toBeNull();
    expect(detectDocumentType(Buffer.from('plain words\n'))).toBe('text/plain');
    expect(detectDocumentType(Buffer.from('bell \u0007'))).toBeNull();
    expect(detectDocumentType(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBeNull(); // latin1, not UTF-8
    expect(detectDocumentType(FILES.exe)).toBeNull();
  });

  it('serves a name whose extension matches the real type', () => {
    expect(servedFileName('scan.PDF', 'application/pdf')).toBe('scan.PDF');
    expect(servedFileName('C:\\Users\\me\\photo', 'image/jpeg')).toBe('photo.jpg');
    expect(servedFileName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(servedFileName('', 'image/png')).toBe('document.png');
  });
});

describe('document settings', () => {
  const shape = settingsSchema.shape;

  it('needs a 32-byte key, as hex or base64', () => {
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(undefined).success).toBe(false);
    const short = shape.DOCUMENTS_ENCRYPTION_KEY.safeParse('ab'.repeat(16));
    expect(short.error?.issues[0].message).toMatch(/^must be 32 random bytes as 64 hex characters or base64/);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse('ab'.repeat(32)).success).toBe(true);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(Buffer.alloc(32, 1).toString('base64')).success).toBe(true);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(Buffer.alloc(31, 1).toString('base64')).success).toBe(false);
    expect(shape.STORAGE_DRIVER.parse(undefined)).toBe('local');
    expect(shape.STORAGE_DIR.parse(undefined)).toBe('.data/documents');
    expect(shape.DOCUMENT_LINK_TTL_SECONDS.parse(undefined)).toBe(300);
  });

  it('names every missing S3 setting when STORAGE_DRIVER=s3', () => {
    expect(storageSettingsProblems({ STORAGE_DRIVER: 'local' })).toEqual([]);
    expect(storageSettingsProblems({ STORAGE_DRIVER: 's3', S3_BUCKET: 'rx-docs', S3_REGION: 'us-east-1' })).toEqual([
      'S3_ENDPOINT: is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
    ]);
  });
});
