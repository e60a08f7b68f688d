import type { Language } from './enums';

/** A table entry: a fixed text, or a text built from values (a name, a number, a state's label). */
type Message = string | ((...args: never[]) => string);

/**
 * The Spanish twin of a messages table: the same keys, a text for a text and a function of the same values for a
 * function. Typed by the English table's keys, so a message without its twin does not compile.
 */
export type Twin<T> = { [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

interface Template {
  pattern: RegExp;
  render: (...values: string[]) => string;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
/** Lower-case English value -> Spanish, for the values a built text carries (a state's label, "someone else"). */
const words = new Map<string, string>();

/** A value the template pattern can find again in the English text; lower-case-proof. */
const slot = (i: number) => `\u0001${i}\u0002`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(english: (...args: string[]) => string, spanish: (...args: string[]) => string): Template {
  const slots = Array.from({ length: english.length }, (_, i) => slot(i));
  const source = escape(english(...slots)).replace(/\u0001(\d+)\u0002/g, '(?<v$1>.+?)');
  const pattern = new RegExp(`^${source}$`, 's');
  return {
    pattern,
    render: (...values) => spanish(...values.map((v) => words.get(v.toLowerCase()) ?? v)),
  };
}

/** Registers a table and its Spanish twin: localizeMessage then knows each of its texts, built ones included. */
export function addTwins<T extends Record<string, Message>>(english: T, spanish: Twin<T>): void {
  for (const key of Object.keys(english)) {
    const en = english[key];
    const es = (spanish as Record<string, Message>)[key];
    if (typeof en === 'string') exact.set(en, es as string);
    else templates.push(templateOf(en as (...a: string[]) => string, es as (...a: string[]) => string));
  }
}

/** Registers the Spanish of values a built text carries (keys compared lower-case). */
export function addWords(table: Record<string, string>): void {
  for (const [en, es] of Object.entries(table)) words.set(en.toLowerCase(), es);
}

function spanishOf(message: string): string | undefined {
  const found = exact.get(message);
  if (found !== undefined) return found;
  for (const { pattern, render } of templates) {
    const match = pattern.exec(message);
    if (!match) continue;
    const groups = match.groups ?? {};
    const values = Object.keys(groups)
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
      .map((k) => groups[k]);
    return render(...values);
  }
  return undefined;
}

/**
 * A message in `language` (docs/product.md, Languages): the server's answers and the web app's form errors both
 * pass through here, so one table says each message in each language. A text with no twin (a name, a message not
 * yet translated) comes back as it is.
 */
export function localizeMessage(message: string, language: Language): string {
  return language === 'es' ? (spanishOf(message) ?? message) : message;
}
