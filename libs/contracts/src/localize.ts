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
  /** How much of the English text is fixed words: the template saying more is the closer match. */
  fixed: number;
}

/** One table of messages and its Spanish twin. */
export type TwinTables = readonly (readonly [Record<string, Message>, Record<string, Message>])[];

/** A value the template pattern can find again in the English text; lower-case-proof. */
const SLOT = /\u0001(\d+)\u0002/g; // eslint-disable-line no-control-regex -- control characters never occur in a text
const slot = (i: number) => `\u0001${i}\u0002`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(
  english: (...args: string[]) => string,
  spanish: (...args: string[]) => string,
  words: ReadonlyMap<string, string>,
): Template {
  const slots = Array.from({ length: english.length }, (_, i) => slot(i));
  const text = english(...slots);
  const source = escape(text).replace(SLOT, '(?<v$1>.+?)');
  return {
    fixed: text.replace(SLOT, '').length,
    pattern: new RegExp(`^${source}$`, 's'),
    render: (...values) => spanish(...values.map((v) => words.get(v.toLowerCase()) ?? v)),
  };
}

/**
 * English text -> Spanish, for every text of the tables, built ones included; `words` says the values a built text
 * carries (a state's label, "someone else"; keys compared lower-case). Built on first use, so a bundle that never
 * localises does not carry the tables.
 */
export function makeLocalizer(tables: TwinTables, wordTables: readonly Record<string, string>[]) {
  let spanishOf: ((message: string) => string | undefined) | null = null;
  const build = () => {
    const words = new Map(wordTables.flatMap((t) => Object.entries(t).map(([en, es]) => [en.toLowerCase(), es])));
    const exact = new Map<string, string>();
    const templates: Template[] = [];
    for (const [english, spanish] of tables) {
      for (const [key, en] of Object.entries(english)) {
        const es = spanish[key];
        if (typeof en === 'string') exact.set(en, es as string);
        else templates.push(templateOf(en as never, es as never, words));
      }
    }
    // "At most 20 rows can be saved at once" is also "At most {n} {things}": the template with more fixed words wins.
    templates.sort((a, b) => b.fixed - a.fixed);
    return (message: string) => {
      const found = exact.get(message);
      if (found !== undefined) return found;
      for (const { pattern, render } of templates) {
        const groups = pattern.exec(message)?.groups;
        if (!groups) continue;
        const keys = Object.keys(groups).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
        return render(...keys.map((k) => groups[k]));
      }
      return undefined;
    };
  };
  /**
   * A message in `language` (docs/product.md, Languages): the server's answers and the web app's form errors both
   * pass through here, so one table says each message in each language. A text with no twin (a name, a message not
   * yet translated) comes back as it is.
   */
  return (message: string, language: Language): string => {
    if (language !== 'es') return message;
    spanishOf ??= build();
    return spanishOf(message) ?? message;
  };
}
