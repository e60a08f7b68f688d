import { getPriority, setPriority } from 'node:os';

/**
 * The worker's work (the outbox relay, emails, timers, billing sweeps) has nobody waiting at a
 * screen; the API's does. Where the two share cores (one machine, or containers on one host), the
 * worker runs at a lower CPU priority, so that its handling of one move's event does not stand
 * between the next move and the patients' screens (docs/architecture.md §15 Performance). The
 * scheduler weighs, it does not starve: a busy API still leaves the worker its share. Only ever
 * raises the niceness (lowering it needs privileges).
 */
export function lowerCpuPriority(nice: number): void {
  if (nice > getPriority()) setPriority(nice);
}
