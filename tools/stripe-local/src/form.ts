// Stripe's form encoding: `metadata[userId]=1`, `expand[]=setup_intent`, `payment_method_types[0]=card`,
// nested to any depth. The SDK writes arrays with indexes; browsers and curl users write `[]`.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

const ARRAY_MARK = Symbol('array');
type Draft = { [key: string]: Draft | string; [ARRAY_MARK]?: true };

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1]);
  return segments;
}

function finish(draft: Draft | string): FormValue {
  if (typeof draft === 'string') return draft;
  const keys = Object.keys(draft);
  if (draft[ARRAY_MARK]) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => finish(draft[k]));
  }
  const result: { [key: string]: FormValue } = {};
  for (const key of keys) result[key] = finish(draft[key]);
  return result;
}

/** Parses an application/x-www-form-urlencoded body or query string into nested params. */
export function parseForm(encoded: string): FormParams {
  const root: Draft = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = splitKey(key);
    let node = root;
    segments.forEach((segment, i) => {
      const isLast = i === segments.length - 1;
      const isIndex = segment === '' || /^\d+$/.test(segment);
      if (i > 0 && isIndex) node[ARRAY_MARK] = true;
      // "[]" appends: give it the next free index.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (isLast) {
        node[name] = value;
      } else {
        const next = node[name];
        node = typeof next === 'object' ? next : (node[name] = {});
      }
    });
  }
  return finish(root) as FormParams;
}

/** JSON with sorted keys, so two requests with the same params compare equal in any key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
