import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The web app's message catalogues (docs/architecture.md, Languages): one JSON file per namespace and
 * language in src/locales/<language>/<namespace>.json, `id -> ICU message`. Lingui's Vite plugin
 * compiles a catalogue when the app imports it with `?lingui`, so the browser gets no message parser.
 */
const namespaces = readdirSync(fileURLToPath(new URL('./src/locales/en', import.meta.url)))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: namespaces.map((name) => ({ path: `<rootDir>/src/locales/{locale}/${name}`, include: [] })),
  format: formatter({ style: 'minimal' }),
});
