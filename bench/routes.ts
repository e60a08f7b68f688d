import { autocannon, describeHttp, medianHttp, type HttpFigure } from './http';
import type { Row } from './table';

/**
 * Each request of the mixed load alone (`BENCH_ONLY=routes`, docs/benchmarks.md "Each request
 * alone"): its rate at saturation (autocannon, 50 connections) and the API's CPU per request, beside
 * bare Node's in the same run. A machine's speed moves from hour to hour; what a request costs the
 * API moves much less, so builds are compared by it, and the dear requests of the mix show at once.
 */
const REQUESTS = [
  { label: "a patient's profile", path: '/users/profile', as: 'patient' },
  { label: "a patient's prescriptions", path: '/prescriptions', as: 'patient' },
  { label: "a patient's applications (one view)", path: '/applications', as: 'patient' },
  { label: "a patient's open subscriptions", path: '/subscriptions/active', as: 'patient' },
  { label: "a patient's payments", path: '/subscriptions/payments?page=1&limit=10', as: 'patient' },
  { label: 'a page of the work queue (20 rows)', path: '/admin/applications?page=1&limit=20', as: 'navigator' },
  { label: "a patient's record", path: '/admin/patients/{patient}', as: 'navigator' },
] as const;

export interface RouteSubjects {
  patient: { id: string; token: string };
  navigatorToken: string;
}

/** Every request of REQUESTS `runs` times, each run after bare Node's hello; the medians as rows. */
export async function routeRows(
  apiUrl: string,
  api: { cpuMs(): number; profile(name: string): Promise<void> },
  bare: { url: string; cpuMs(): number },
  subjects: RouteSubjects,
  runs: number,
): Promise<Row[]> {
  // With BENCH_CPU_PROF, one profile per request and run (what came before in one of its own).
  await api.profile('routes-before');
  const bareRuns: HttpFigure[] = [];
  const figures = REQUESTS.map(() => [] as HttpFigure[]);
  for (let run = 0; run < runs; run++) {
    bareRuns.push(await autocannon(bare.url, bare));
    for (const [i, r] of REQUESTS.entries()) {
      const token = r.as === 'patient' ? subjects.patient.token : subjects.navigatorToken;
      figures[i].push(await autocannon(`${apiUrl}${r.path.replace('{patient}', subjects.patient.id)}`, api, token));
      await api.profile(`routes-${i + 1}-${run + 1}`);
    }
  }
  const baseline = medianHttp(bareRuns);
  return REQUESTS.map((r, i) => {
    const f = medianHttp(figures[i]);
    if (f.non2xx) throw new Error(`${r.path}: ${f.non2xx} answers were not 2xx`);
    return {
      measure: `alone: ${r.label}, GET ${r.path}`,
      value: describeHttp(f),
      baseline: 'bare Node http hello',
      baselineValue: describeHttp(baseline),
      ratio: f.rps / baseline.rps,
      target: '(none: what each request of the mix costs)',
      met: null,
    };
  });
}
