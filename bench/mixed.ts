import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { TestStack } from '../test/support/stack';
import { apiClient } from '../test/support/http';
import { connectSocket, type ClientSocket } from '../test/support/sockets';
import { newSignup, PASSWORD } from '../test/support/factories';
import { driveTo, newNavigator, newPatientWithApplications } from '../test/applications/helpers';
import { cpus } from 'node:os';
import { type ApiProcess, type Child } from './processes';
import { cpuMeter, pidsOf } from './cpu';
import { autocannon } from './http';
import { fmt, median, type Row } from './table';
import { reportStatements, resetStatements } from './pg-statements';
import { refreshStatistics } from './statistics';

/**
 * A day's mixed load (README.md "Benchmarks"): BENCH_MIXED_PATIENTS patients (500), each with an
 * application and a socket left open, BENCH_MIXED_NAVIGATORS navigators (20) working the queue, and
 * logins and signups, at rising total rates (BENCH_MIXED_RATES, requests/s) held BENCH_MIXED_SECONDS
 * each (60). The figure is the highest rate every kind of user got with p99 under 100 ms and no
 * error; beside it, each component's share of the machine's CPU at that rate. A second row holds
 * logins and signups to SESSION_P99_LIMIT_MS instead: their argon2id check is slow on purpose
 * (docs/benchmarks.md, "The mixed load"), and the steps go on while that row's rule holds.
 */
const PATIENTS = Number(process.env.BENCH_MIXED_PATIENTS ?? 500);
const NAVIGATORS = Number(process.env.BENCH_MIXED_NAVIGATORS ?? 20);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const RATES = (process.env.BENCH_MIXED_RATES ?? '500,1000,1500,2000,2500,3000').split(',').map(Number);
/** Seconds at the first rate before the first run, not counted: the API's code and PostgreSQL's caches warm up. */
const WARM_UP_SECONDS = Number(process.env.BENCH_MIXED_WARM_UP_SECONDS ?? 15);
const P99_LIMIT_MS = 100;
/** A sign-in is a wait a person starts and expects to last a moment, unlike a screen's reads. */
const SESSION_P99_LIMIT_MS = 500;
const TARGET_RPS = 1500;

interface KindFigure {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answers by status code, failed requests by error (timeouts included), a few refused answers. */
  statuses: Record<string, number>;
  errorMessages: Record<string, number>;
  samples: string[];
}
export interface MixedStep {
  rate: number;
  achieved: number;
  p99: number;
  /** The p99 of logins and signups, and of everything else (the patients' reads, the navigators' work). */
  sessionsP99: number;
  othersP99: number;
  failures: number;
  /** Share of the whole machine's CPU (all cores) per component, 0..1. */
  cpu: Record<string, number>;
}

export interface MixedPlan {
  url: string;
  password: string;
  patients: { token: string; email: string }[];
  navigators: { token: string }[];
  applications: { id: string; patientId: string }[];
  signup: Record<string, unknown>;
}

/** The patients, their sockets and the navigators: made through the API, as users make them. */
export async function prepareMixed(stack: TestStack, apiUrl: string) {
  const client = apiClient(`${apiUrl}/api/v1`);
  const navigators: Awaited<ReturnType<typeof newNavigator>>[] = [];
  for (let i = 0; i < NAVIGATORS; i++) navigators.push(await newNavigator(stack, client));
  const patients: Awaited<ReturnType<typeof newPatientWithApplications>>[] = [];
  for (let i = 0; i < PATIENTS; i += 10) {
    const batch = Math.min(10, PATIENTS - i);
    patients.push(
      ...(await Promise.all(Array.from({ length: batch }, () => newPatientWithApplications(client, ['Eliquis'])))),
    );
  }
  for (let i = 0; i < patients.length; i += 20) {
    await Promise.all(
      patients.slice(i, i + 20).map((p) => driveTo(client, navigators[0].token, p.applications[0].id, 'SUBMITTED')),
    );
  }
  const sockets: ClientSocket[] = [];
  for (let i = 0; i < patients.length; i += 50) {
    sockets.push(
      ...(await Promise.all(patients.slice(i, i + 50).map((p) => connectSocket(apiUrl, { token: p.token })))),
    );
  }
  const { email: _unused, ...signup } = newSignup();
  const plan: MixedPlan = {
    url: apiUrl,
    password: PASSWORD,
    patients: patients.map((p) => ({ token: p.token, email: p.email })),
    navigators: navigators.map((n) => ({ token: n.token })),
    applications: patients.map((p) => ({ id: p.applications[0].id, patientId: p.id })),
    signup,
  };
  return { plan, close: () => sockets.forEach((s) => s.close()) };
}

/** Runs the rising rates until one fails; `components` are the processes whose CPU is shared out. */
export async function measureMixed(
  plan: MixedPlan,
  components: { api: number; worker: number },
  cores: number,
  databaseUrl: string,
  warmUp: boolean,
): Promise<MixedStep[]> {
  const generator = fork(join(__dirname, 'mixed-load.cjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => generator.once('message', resolve));
  const steps: MixedStep[] = [];
  try {
    if (warmUp && WARM_UP_SECONDS > 0) {
      generator.send({ plan, rate: RATES[0], seconds: WARM_UP_SECONDS });
      await new Promise((resolve) => generator.once('message', resolve));
    }
    for (const rate of RATES) {
      // Before the step's clock and CPU counts: the vacuum's work is autovacuum's, not the step's.
      await refreshStatistics(databaseUrl);
      await resetStatements(databaseUrl);
      const groups = {
        api: () => [components.api],
        worker: () => [components.worker],
        postgres: () => pidsOf('postgres'),
        redis: () => pidsOf('redis-server'),
        'load generator': () => [generator.pid!, process.pid],
      };
      const used = cpuMeter(groups);
      const started = Date.now();
      generator.send({ plan, rate, seconds: SECONDS });
      // A generator that dies answers no message: its exit ends the step instead of the jest timeout.
      const answer = await new Promise<{ results?: Record<string, KindFigure>; error?: string }>((resolve) => {
        generator.once('message', resolve);
        generator.once('exit', (code) => resolve({ error: `the generator exited (${code})` }));
      });
      if (!answer.results) throw new Error(`mixed load: ${answer.error}`);
      const wallMs = Date.now() - started;
      const cpu = Object.fromEntries(Object.entries(used()).map(([k, ms]) => [k, ms / (wallMs * cores)]));
      const kinds = Object.values(answer.results);
      await reportStatements(
        databaseUrl,
        kinds.reduce((sum, k) => sum + k.requests, 0),
      );
      const step: MixedStep = {
        rate,
        achieved: kinds.reduce((sum, k) => sum + k.rps, 0),
        p99: Math.max(...kinds.map((k) => k.p99)),
        sessionsP99: Math.max(answer.results.logins.p99, answer.results.signups.p99),
        othersP99: Math.max(answer.results.patients.p99, answer.results.navigators.p99),
        failures: kinds.reduce((sum, k) => sum + k.non2xx + k.errors, 0),
        cpu,
      };
      steps.push(step);
      process.stdout.write(describeStep(step, answer.results));
      if (!passesWithSessionBudget(step)) break;
    }
  } finally {
    generator.kill();
  }
  return steps;
}

/** The step's line, each kind's figures, and what failed: status codes, errors, a few refused answers. */
function describeStep(step: MixedStep, results: Record<string, KindFigure>): string {
  const kinds = Object.entries(results).map(
    ([kind, k]) => `${kind} ${fmt(k.rps)}/s p50 ${fmt(k.p50)} p99 ${fmt(k.p99)} ms`,
  );
  const cpu = Object.entries(step.cpu).map(([k, v]) => `${k} ${fmt(v * 100)}%`);
  const failed = Object.entries(results)
    .filter(([, k]) => k.non2xx + k.errors > 0)
    .map(
      ([kind, k]) =>
        `  ${kind} failed: ${JSON.stringify({ statuses: k.statuses, errors: k.errorMessages, samples: k.samples })}\n`,
    );
  return `mixed ${step.rate}/s: ${fmt(step.achieved)} req/s, p99 ${fmt(step.p99)} ms, ${step.failures} failed (${kinds.join('; ')}); CPU ${cpu.join(', ')}\n${failed.join('')}`;
}

/** A rate is held when it is reached (within 5%), with p99 under the limit and nothing failing. */
const held = (s: MixedStep) => s.failures === 0 && s.achieved >= s.rate * 0.95;
const passes = (s: MixedStep) => held(s) && s.p99 < P99_LIMIT_MS;
const passesWithSessionBudget = (s: MixedStep) =>
  held(s) && s.othersP99 < P99_LIMIT_MS && s.sessionsP99 < SESSION_P99_LIMIT_MS;

/** The highest rate held by `rule`, per run: the median over runs and the CPU shares of that run. */
function highestHeld(runs: MixedStep[][], rule: (s: MixedStep) => boolean) {
  const best = runs.map((steps) => [...steps].reverse().find(rule));
  const rates = best.map((s) => s?.rate ?? 0);
  const rate = median(rates);
  const at = best.find((s) => s?.rate === rate);
  const shares = at
    ? Object.entries(at.cpu)
        .map(([k, v]) => `${k} ${fmt(v * 100)}%`)
        .join(', ')
    : 'no rate held';
  return {
    rate,
    value: `${fmt(rate)} req/s (runs: ${rates.map((r) => fmt(r)).join(', ')}); CPU at that rate: ${shares}`,
  };
}

export function mixedRows(runs: MixedStep[][], bareRps: number): Row[] {
  const load = `a day's mixed load: ${PATIENTS} patients (dashboard + socket), ${NAVIGATORS} navigators, logins and signups`;
  const row = (measure: string, figure: ReturnType<typeof highestHeld>, target: boolean): Row => ({
    measure,
    value: figure.value,
    baseline: 'bare Node http hello',
    baselineValue: `${fmt(bareRps)} req/s`,
    ratio: bareRps ? figure.rate / bareRps : null,
    target: target ? `>= ${fmt(TARGET_RPS)} req/s` : '(none: beside the row above)',
    met: target ? figure.rate >= TARGET_RPS : null,
  });
  return [
    row(`${load}; highest rate with p99 < ${P99_LIMIT_MS} ms, no error`, highestHeld(runs, passes), true),
    row(
      `${load}; the same with logins and signups (argon2id) held to p99 < ${SESSION_P99_LIMIT_MS} ms`,
      highestHeld(runs, passesWithSessionBudget),
      false,
    ),
  ];
}

/**
 * The mixed-load figure, `runs` times: its own patients and navigators (made once), the bare Node
 * baseline measured just before, and the rows for the table.
 */
export async function mixedFigures(
  stack: TestStack,
  api: ApiProcess,
  worker: Child,
  bare: Child,
  runs: number,
): Promise<Row[]> {
  const { plan, close } = await prepareMixed(stack, api.url);
  try {
    const bareRps = (await autocannon(bare.url, bare)).rps;
    // With BENCH_CPU_PROF: the setup in a profile of its own, the steps in 'mixed'.
    await api.profile('mixed-setup');
    const all: MixedStep[][] = [];
    for (let run = 0; run < runs; run++) {
      all.push(
        await measureMixed(
          plan,
          { api: api.pid, worker: worker.pid },
          cpus().length,
          stack.settings.DATABASE_URL,
          run === 0,
        ),
      );
    }
    await api.profile('mixed');
    return mixedRows(all, bareRps);
  } finally {
    close();
  }
}
