import type { SocketApplicationUpdated } from '@rxbridge/contracts';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../test/support/stack';
import { apiClient } from '../test/support/http';
import { connectSocket } from '../test/support/sockets';
import { move, newNavigator, newPatientWithApplications } from '../test/applications/helpers';

/**
 * How long a navigator's move takes to reach the patient's open socket: HTTP request, commit,
 * outbox relay, worker, Redis emitter, API process, browser socket. Target (issue 4): within a second.
 * Measured on the same API process and across two API processes, in one run.
 */
const MOVES = 40;
const TARGET_MS = 1000;

let stack: TestStack;
let second: ExtraApi;
beforeAll(async () => {
  stack = await startStack({ env: { LOG_LEVEL: 'silent' } });
  second = await startExtraApi(stack);
});
afterAll(async () => {
  await second?.close();
  await stack?.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

async function measure(socketBaseUrl: string): Promise<number[]> {
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const latencies: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const socket = await connectSocket(socketBaseUrl, { token: patient.token });
    const arrived = new Promise<number>((resolve) =>
      socket.on(
        'application.updated',
        (u: SocketApplicationUpdated) => u.state === 'AWAITING_DOCUMENTS' && resolve(Date.now()),
      ),
    );
    const started = Date.now();
    const res = await move(api, navigator.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
    if (res.status !== 200) throw new Error(`move answered ${res.status}`);
    latencies.push((await arrived) - started);
    socket.close();
  }
  return latencies;
}

test('move -> patient socket latency', async () => {
  const same = await measure(stack.baseUrl);
  const across = await measure(second.baseUrl);
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(28)} median ${String(median(xs)).padStart(5)} ms   p95 ${String(p95(xs)).padStart(5)} ms   max ${String(Math.max(...xs)).padStart(5)} ms   median/target ${(median(xs) / TARGET_MS).toFixed(2)}`;
  console.log(
    [
      `Live update latency, ${MOVES} moves each (target ${TARGET_MS} ms):`,
      row('same API process', same),
      row('other API process', across),
    ].join('\n'),
  );
});
