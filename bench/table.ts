import { cpus, loadavg } from 'node:os';

/** One figure beside the baseline measured in the same run (docs: README.md "Benchmarks"). */
export interface Row {
  measure: string;
  /** The figure as printed, e.g. "1,234 req/s, p50 3 ms, p99 9 ms". */
  value: string;
  baseline: string;
  baselineValue: string;
  /** figure / baseline of the headline number (throughput, or latency where lower is better). */
  ratio: number | null;
  target: string;
  /** null when the row has no target. */
  met: boolean | null;
}

export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Nearest-rank percentile. */
export const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

export const pct = (ratio: number | null): string =>
  ratio === null || !Number.isFinite(ratio) ? '' : `${fmt(ratio * 100)}%`;

/** The machine and its load, printed above the table: the figures mean little without them. */
export function machineLine(): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  return `${cpus().length} cores, ${model}, load average ${load}`;
}

/** A markdown table, so that the README can take it as printed. */
export function renderTable(title: string, rows: Row[], notes: string[] = []): string {
  const header = ['Measure', 'Figure', 'Baseline (same run)', 'Baseline figure', 'Ratio', 'Target', 'Met'];
  const cells = rows.map((r) => [
    r.measure,
    r.value,
    r.baseline,
    r.baselineValue,
    pct(r.ratio),
    r.target,
    r.met === null ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  return [
    title,
    '',
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.map(line),
    '',
    ...notes,
  ].join('\n');
}
