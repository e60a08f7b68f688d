import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpuMs } from './processes';

/** The PIDs of a program's processes (PostgreSQL's backends, Redis). */
export const pidsOf = (name: string): number[] => {
  try {
    return execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).trim().split('\n').map(Number).filter(Boolean);
  } catch {
    return [];
  }
};

/** CPU time used so far by each of the processes, by PID; one that has ended is left out. */
export const cpuOf = (pids: number[]) =>
  new Map(
    pids.flatMap((pid): [number, number][] => {
      try {
        return [[pid, cpuMs(pid)]];
      } catch {
        return [];
      }
    }),
  );

/**
 * CPU time the processes alive at the end used since `before`, PID by PID (a process started since counts from
 * zero). A process that ended during the step is left out, so its last part is not counted: summing the groups
 * before and after instead counted the whole past of a PostgreSQL backend that closed as a negative share.
 */
export const cpuSince = (before: Map<number, number>, pids: number[]) =>
  [...cpuOf(pids)].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** Groups of processes by name, e.g. { api: () => [pid], postgres: () => pidsOf('postgres') }. */
export type ProcessGroups = Record<string, () => number[]>;

/** Starts counting each group's CPU time; the returned function gives the ms each used since. */
export function cpuMeter(groups: ProcessGroups): () => Record<string, number> {
  const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, cpuOf(pids())]));
  return () => Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, cpuSince(before[k], pids())]));
}

/**
 * PostgreSQL's backends serving `database` (their command line reads "postgres: 15/main: user database host(port) state"), without those
 * of other databases on the same server (another test run's).
 */
export const backendsOf = (database: string): number[] =>
  pidsOf('postgres').filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `);
    } catch {
      return false;
    }
  });
