import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type TestStack } from '../support/stack';

// The language of a public page's address without a prefix (docs/architecture.md, Languages): the
// rxb_lang cookie decides, else a browser preferring Spanish is sent to /es; /es pages are Spanish.
// A build of its own in a temporary folder, pre-rendered in both languages.
const dist = mkdtempSync(join(tmpdir(), 'rxb-web-lang-'));
const pageHtml = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body></body></html>`;
const FILES: Record<string, string> = {
  'index.html': pageHtml('en', 'app shell'),
  'prerendered/index.html': pageHtml('en', 'Home'),
  'prerendered/terms.html': pageHtml('en', 'Terms of Service'),
  'prerendered/es/index.html': pageHtml('es', 'Inicio'),
  'prerendered/es/terms.html': pageHtml('es', 'Términos del servicio'),
};
mkdirSync(join(dist, 'prerendered/es'), { recursive: true });
for (const [name, body] of Object.entries(FILES)) writeFileSync(join(dist, name), body);

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ withWorker: false, env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await stack?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}${path}`, { headers, redirect: 'manual' });

describe('the language of a public page', () => {
  it('sends a browser that prefers Spanish from / to /es, and says the answer varies', async () => {
    const res = await get('/', { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/es');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(res.headers.get('vary')).toMatch(/Cookie/i);

    const terms = await get('/terms?from=email', { 'accept-language': 'fr, es;q=0.8, en;q=0.5' });
    expect(terms.status).toBe(302);
    expect(terms.headers.get('location')).toBe('/es/terms?from=email');
  });

  it('answers / in English to a browser that prefers English or says nothing', async () => {
    for (const headers of [{ 'accept-language': 'en-US,en;q=0.9,es;q=0.8' }, {}] as Record<string, string>[]) {
      const res = await get('/', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<title>Home</title>');
    }
  });

  it('lets the remembered choice (rxb_lang) win over the browser', async () => {
    const english = await get('/terms', { 'accept-language': 'es', cookie: 'theme=dark; rxb_lang=en' });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<title>Terms of Service</title>');

    const spanish = await get('/', { 'accept-language': 'en', cookie: 'rxb_lang=es' });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get('location')).toBe('/es');
  });

  it('always answers the /es pages in Spanish, whatever the browser or the cookie', async () => {
    for (const [path, title] of [
      ['/es', 'Inicio'],
      ['/es/terms', 'Términos del servicio'],
    ]) {
      const res = await get(path!, { 'accept-language': 'en', cookie: 'rxb_lang=en' });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="es">');
      expect(html).toContain(`<title>${title}</title>`);
    }
  });

  it('leaves other addresses alone: the app shell, whatever the language', async () => {
    const res = await get('/dashboard', { 'accept-language': 'es' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app shell</title>');
  });
});
