import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

// The catalogues' completeness (docs/architecture.md, Languages): every key in every language, every
// message valid ICU with the same placeholders as the English one, and every key the code names exists.
const SRC = join(__dirname, '../..');
const LOCALES = join(SRC, 'locales');
// The folders of src/locales, one per language of language.ts.
const LANGUAGES = readdirSync(LOCALES).sort();

const read = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'));
const namespaces = readdirSync(join(LOCALES, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

/** The names of a message's placeholders and tags: "{count, plural, ...}" -> count, "<0>" -> 0. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{\s*([\w.]+)\s*(?:[,}])/g)) names.add(m[1]!);
  for (const m of message.matchAll(/<\/?(\w+)\s*\/?>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

describe('message catalogues', () => {
  it('has the same namespaces in every language', () => {
    expect(LANGUAGES).toEqual(['en', 'es']);
    for (const language of LANGUAGES) {
      const files = readdirSync(join(LOCALES, language)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.slice(0, -5)).sort()).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s: every key in every language, valid ICU, the same placeholders', (namespace) => {
    const english = read('en', namespace);
    for (const language of LANGUAGES) {
      const catalogue = read(language, namespace);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      // Keys share one table per language: each starts with its namespace, so two never collide.
      expect(Object.keys(catalogue).filter((key) => !key.startsWith(`${namespace}.`))).toEqual([]);
      for (const [key, message] of Object.entries(catalogue)) {
        expect({ key, message: typeof message === 'string' && message.trim() !== '' }).toEqual({ key, message: true });
        expect(() => compileMessageOrThrow(message)).not.toThrow();
        expect({ key, placeholders: placeholders(message) }).toEqual({
          key,
          placeholders: placeholders(english[key]!),
        });
      }
    }
  });

  it('holds every key the code names', () => {
    const known = new Set(namespaces.flatMap((namespace) => Object.keys(read('en', namespace))));
    const missing: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.spec.ts')) {
          const code = readFileSync(path, 'utf8');
          // _('key'), i18n._('key') and <Trans id="key" />: a key built at run time is not checked here.
          for (const m of code.matchAll(/(?:\b_\(\s*|<Trans\s[^>]*?\bid=)['"]([\w.-]+)['"]/g))
            if (!known.has(m[1]!)) missing.push(`${relative(SRC, path)}: ${m[1]}`);
        }
      }
    };
    visit(SRC);
    expect(missing).toEqual([]);
  });
});
