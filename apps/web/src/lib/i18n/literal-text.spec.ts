import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// No English sentence written into a patient-facing component (docs/architecture.md, Languages):
// text a patient or visitor reads comes from the catalogues. Staff screens (the navigators' console)
// and the prescriber's signing page stay English and are not checked; a file that only staff see
// says so with an `i18n: staff only` comment.
const SRC = join(__dirname, '../..');
const NOT_CHECKED = ['features/navigator/', 'features/prescriber/'];
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'aria-description',
]);
/** Words that are the same in every language: our name and the programs' and products' own. */
const SAME_IN_EVERY_LANGUAGE = /^(RxBridge|Rx|Bridge|Medicare|Medicaid|Stripe|[A-Z]{2,}|\W+)$/;

const isEnglish = (text: string) => {
  const words = text.replace(/\s+/g, ' ').trim();
  return /[A-Za-z]{2,}/.test(words) && !SAME_IN_EVERY_LANGUAGE.test(words);
};

function findings(path: string): string[] {
  const code = readFileSync(path, 'utf8');
  if (/i18n: staff only/.test(code)) return [];
  const source = ts.createSourceFile(
    path,
    code,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(
      `${relative(SRC, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text.trim())}`,
    );
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isEnglish(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : undefined;
      if (literal && isEnglish(literal.text)) report(node, literal.text);
    }
    if (ts.isJsxExpression(node) && node.parent && ts.isJsxElement(node.parent) && node.expression) {
      const e = node.expression;
      if (ts.isStringLiteralLike(e) && isEnglish(e.text)) report(node, e.text);
    }
    // toast('...'), toast.success('...'): what the patient reads in a toast.
    if (ts.isCallExpression(node) && /^toast(\.\w+)?$/.test(node.expression.getText(source))) {
      const first = node.arguments[0];
      if (first && ts.isStringLiteralLike(first) && isEnglish(first.text)) report(node, first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

it('patient-facing components hold no English sentence of their own', () => {
  const checked = files(SRC).filter((path) => !NOT_CHECKED.some((dir) => relative(SRC, path).startsWith(dir)));
  expect(checked.flatMap(findings)).toEqual([]);
});
