import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PAGE_PLACEHOLDERS } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';

// The pages the API serves carry the runtime settings from their first byte (docs/architecture.md §1,
// What loads first): the support contacts in the markup, GET /config's answer in a JSON data block.
// The real web build (`npm run build`), served by a stack with settings of its own.
const dist = join(__dirname, '../../apps/web/dist');
const EMAIL = 'help+rx@clinic.example';
const PHONE = '(888) 555-0142 <Rx & Co>';

const settingsBlock = (html: string) => {
  const match = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('The page has no settings block');
  return JSON.parse(match[1]!) as unknown;
};

const stacks: TestStack[] = [];
const start = async (env: Record<string, string>) => {
  const stack = await startStack({ withWorker: false, env: { SUPPORT_EMAIL: EMAIL, SUPPORT_PHONE: PHONE, ...env } });
  stacks.push(stack);
  return stack;
};
afterAll(() => Promise.all(stacks.map((s) => s.close())));

beforeAll(() => {
  if (!existsSync(join(dist, 'prerendered/index.html'))) throw new Error('Run `npm run build` first');
});

describe('pages with the runtime settings written in', () => {
  let stack: TestStack;
  let config: unknown;
  beforeAll(async () => {
    stack = await start({});
    config = ((await (await fetch(`${stack.apiUrl}/config`)).json()) as { data: unknown }).data;
  });

  it('shows the support address and phone of the settings on every pre-rendered page, never a placeholder', async () => {
    const prerendered = ['/', '/diy-guide', '/terms', '/privacy', '/es', '/es/diy-guide'].filter((path) =>
      existsSync(join(dist, 'prerendered', path === '/' ? 'index.html' : `${path.slice(1)}.html`)),
    );
    expect(prerendered).toEqual(expect.arrayContaining(['/', '/diy-guide', '/terms', '/privacy']));
    for (const path of prerendered) {
      const res = await fetch(`${stack.baseUrl}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-prerendered');
      expect(html).toContain(`href="mailto:${EMAIL}"`);
      expect(html).not.toContain(PAGE_PLACEHOLDERS.supportEmail);
      expect(html).not.toContain(PAGE_PLACEHOLDERS.supportPhone.slice(1));
      expect(settingsBlock(html)).toEqual(config);
    }
    const landing = await (await fetch(`${stack.baseUrl}/`)).text();
    expect(landing).toContain('href="tel:8885550142"');
    expect(landing).toContain('(888) 555-0142 &lt;Rx &amp; Co&gt;');
    expect(landing).toContain(`>${EMAIL}<`);
  });

  it('writes them into index.html too, sends the page compressed and answers a revalidation with 304', async () => {
    const res = await fetch(`${stack.baseUrl}/dashboard`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const html = await res.text();
    expect(html).not.toContain('data-prerendered');
    expect(settingsBlock(html)).toEqual(config);
    // The settings' own HTML is no file to fetch as built.
    expect((await fetch(`${stack.baseUrl}/prerendered/index.html`)).status).toBe(404);

    const etag = res.headers.get('etag')!;
    const again = await fetch(`${stack.baseUrl}/dashboard`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('sends brotli when the browser takes it', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = request(`${stack.baseUrl}/`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(body.encoding).toBe('br');
    expect(brotliDecompressSync(body.body).toString()).toContain(`href="mailto:${EMAIL}"`);
  });
});

describe('in maintenance', () => {
  it('sends no pre-rendered page, and the page says maintenance from its first byte', async () => {
    const stack = await start({ MAINTENANCE_MODE: 'true', MAINTENANCE_BYPASS_CODE: 'letmein' });
    for (const path of ['/', '/terms']) {
      const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
      expect(html).not.toContain('data-prerendered');
      expect(settingsBlock(html)).toMatchObject({ maintenanceMode: true, supportEmail: EMAIL });
    }
  });
});
