import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startStack, type TestStack } from '../support/stack';

// How the API serves the built web app (docs/architecture.md, web app): the .br/.gz written at build
// time by the browser's Accept-Encoding, hashed assets cached for a year, index.html revalidated.
// A build of its own in a temporary folder, so the test does not depend on `npm run build`.
const dist = mkdtempSync(join(tmpdir(), 'rxb-web-dist-'));
const js = `console.log(${JSON.stringify('RxBridge '.repeat(400))});\n`;
const html = `<!doctype html><html lang="en"><head><title>RxBridge</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;
mkdirSync(join(dist, 'assets'));
for (const [name, body] of [
  ['index.html', html],
  ['assets/index-AbC123.js', js],
] as const) {
  writeFileSync(join(dist, name), body);
  writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
  writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
}
const publicDir = join(__dirname, '../../apps/web/public');
for (const name of readdirSync(publicDir)) copyFileSync(join(publicDir, name), join(dist, name));

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ withWorker: false, env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await stack?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET without the automatic decompression of fetch, so the encoding on the wire is visible. */
function get(path: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.baseUrl}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web app files', () => {
  it('sends a hashed asset brotli-compressed when accepted, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every client-side route with index.html, compressed and revalidated on each visit', async () => {
    for (const path of ['/', '/diy-guide', '/terms', '/dashboard', '/navigator/queue']) {
      const res = await get(path, 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The page as built, with the runtime settings written in (docs/architecture.md §1, What loads first).
      const page = brotliDecompressSync(res.body).toString();
      expect(page.replace(/\s*<script type="application\/json" id="runtime-config">[^<]*<\/script>/, '')).toBe(
        html.replace('</head>', '\n  </head>'),
      );
      expect(page).toContain('"supportEmail":"support@rxbridge.test"');
    }
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('serves a real robots.txt and favicon', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body.toString()).toMatch(/^User-agent: \*$/m);
    expect(robots.body.toString()).toMatch(/^Disallow: \/dashboard$/m);

    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.body.toString()).toContain('<svg');
  });

  it('answers 404 for a missing file instead of the app page, and leaves /api alone', async () => {
    expect((await get('/assets/index-Old999.js')).status).toBe(404);
    expect((await get('/favicon.ico')).status).toBe(404);
    const api = await get('/api/v1/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });
});
