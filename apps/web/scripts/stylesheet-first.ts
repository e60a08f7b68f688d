import type { Plugin } from 'vite';

/**
 * Puts the built stylesheet ahead of the scripts in index.html (and so in every pre-rendered page).
 * Vite writes the entry script and a dozen modulepreloads first; over HTTP/1.1 a browser opens six
 * connections per origin, so the one file the first paint waits for queued behind code that only
 * hydration needs (docs/architecture.md §1, What loads first).
 */
export function stylesheetFirst(): Plugin {
  return {
    name: 'rxbridge-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        const firstScript = html.search(/^[ \t]*<script type="module"/m);
        if (!sheets.length || firstScript < 0) return html;
        const rest = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
        const at = rest.search(/^[ \t]*<script type="module"/m);
        return `${rest.slice(0, at)}${sheets.join('')}${rest.slice(at)}`;
      },
    },
  };
}
