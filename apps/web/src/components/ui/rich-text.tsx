import { cloneElement, Fragment, type ReactElement } from 'react';

/**
 * A translated message with links in it, "I agree to the <0>Terms</0>": each <n>…</n> becomes
 * components[n] holding that text. Lingui's Trans does the same, but in the landing page's first load
 * (docs/architecture.md, Languages); this stays in the lazy chunks that use it.
 */
export function RichText({
  message,
  components,
}: {
  message: string;
  components: Record<number, ReactElement<{ children?: unknown }>>;
}) {
  const parts = message.split(/<(\d+)>(.*?)<\/\1>/);
  // split with two groups: text, index, inner text, text, ...
  return parts.map((part, i) => {
    if (i % 3 === 0) return <Fragment key={i}>{part}</Fragment>;
    if (i % 3 === 2) return null;
    const element = components[Number(part)];
    return element ? cloneElement(element, { key: i }, parts[i + 1]) : <Fragment key={i}>{parts[i + 1]}</Fragment>;
  });
}
