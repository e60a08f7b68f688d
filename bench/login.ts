import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '@rxbridge/accounts';
import { apiClient } from '../test/support/http';
import { PASSWORD } from '../test/support/factories';
import { fmt, median, type Row } from './table';

const LOGINS = 10;

/** 10 logins in a row (each from its own address: logins are rate-limited per address). */
export async function measureLogins(apiUrl: string, email: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const api = apiClient(apiUrl);
    const started = performance.now();
    const res = await api.post('/users/login', { email, password: PASSWORD });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body.message}`);
  }
  return median(times);
}

/** Baseline: the password check alone (argon2id with the app's parameters), the floor of a login. */
export async function measurePasswordCheck(): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    await verifyPassword(hash, PASSWORD);
    times.push(performance.now() - started);
  }
  return median(times);
}

export function loginRows(runs: { login: number[]; argon: number[] }): Row[] {
  const login = median(runs.login);
  const argon = median(runs.argon);
  return [
    {
      measure: `login, ${LOGINS} in a row (median)`,
      value: `${fmt(login, 1)} ms`,
      baseline: 'argon2id verify alone',
      baselineValue: `${fmt(argon, 1)} ms`,
      ratio: login / argon,
      target: '',
      met: null,
    },
  ];
}
