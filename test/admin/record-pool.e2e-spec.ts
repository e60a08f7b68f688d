import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';

// Two pooled connections: a read that took a second connection while its audit transaction held
// one froze the whole process as soon as two such reads ran at once (docs/architecture.md §11). The
// record now takes no transaction and sends five reads at once: they wait their turn for the two.
let stack: TestStack;
let api: Api;
beforeAll(async () => {
  stack = await startStack({ env: { DATABASE_POOL_SIZE: '2' } });
  api = apiClient(stack.apiUrl);
});
afterAll(() => stack?.close());

describe('navigators reading records at once, more of them than the pool has connections', () => {
  it('answers every record and every patient list, and the patients still get their dashboard', async () => {
    const navigators = await Promise.all(Array.from({ length: 3 }, () => newNavigator(stack, api)));
    const patient = await newPatientWithApplications(api, ['Eliquis']);

    const reads = navigators.flatMap((n) => [
      api.get(`/admin/patients/${patient.id}`, n.token),
      api.get(`/admin/patients/${patient.id}`, n.token),
      api.get('/admin/patients?page=1&limit=20', n.token),
    ]);
    const statuses = (await Promise.all(reads)).map((r) => r.status);

    expect(statuses).toEqual(reads.map(() => 200));
    expect((await api.get('/subscriptions/active', patient.token)).status).toBe(200);
  });
});
