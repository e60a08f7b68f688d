import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '@rxbridge/accounts';
import { apiClient } from '../test/support/http';
import { newSignup, PASSWORD } from '../test/support/factories';
import { fmt, median, type Row } from './table';

/** Sign-ins and signups a run, one after another: the waits a person starts and watches. */
const IN_A_ROW = 10;

/** The median of `IN_A_ROW` timed calls of `once`, one after another. */
async function timed(once: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < IN_A_ROW; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** 10 logins in a row (each from its own address: logins are rate-limited per address). */
export function measureLogins(apiUrl: string, email: string): Promise<number> {
  return timed(async () => {
    const res = await apiClient(apiUrl).post('/users/login', { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body.message}`);
  });
}

/**
 * 10 signups in a row on the paid plan, each to its answer with the checkout link (the account,
 * its subscription and session, then the Stripe customer and the setup-mode checkout).
 */
export function measureSignups(apiUrl: string): Promise<number> {
  return timed(async () => {
    const res = await apiClient(apiUrl).post('/users/signup', newSignup({ tier: 'ONGOING_CARE' }));
    if (res.status !== 201 || !res.body.data.checkoutUrl) {
      throw new Error(`signup answered ${res.status} without a checkout link: ${res.body.message}`);
    }
  });
}

/** Baselines: the password's hash and its check alone (argon2id with the app's parameters), the floor of each. */
export async function measurePasswordWork(): Promise<{ hash: number; check: number }> {
  const hash = await hashPassword(PASSWORD);
  return {
    hash: await timed(async () => void (await hashPassword(PASSWORD))),
    check: await timed(async () => void (await verifyPassword(hash, PASSWORD))),
  };
}

export interface SessionRuns {
  login: number[];
  signup: number[];
  check: number[];
  hash: number[];
}

export function sessionRows(runs: SessionRuns): Row[] {
  const row = (measure: string, figure: number[], baseline: string, floor: number[]): Row => ({
    measure,
    value: `${fmt(median(figure), 1)} ms`,
    baseline,
    baselineValue: `${fmt(median(floor), 1)} ms`,
    ratio: median(figure) / median(floor),
    target: '',
    met: null,
  });
  return [
    row(`login, ${IN_A_ROW} in a row (median)`, runs.login, 'argon2id verify alone', runs.check),
    row(
      `signup on the paid plan to its checkout link, ${IN_A_ROW} in a row (median)`,
      runs.signup,
      'argon2id hash alone',
      runs.hash,
    ),
  ];
}
