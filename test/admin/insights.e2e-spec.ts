import { APPLICATION_STATES, INSIGHTS_DAYS, type ApplicationState, type InsightsAnswer } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { seedDecisions } from './helpers';

let stack: TestStack;
let api: Api;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
});
afterAll(async () => {
  await stack?.close();
});

const DAY_MS = 86_400_000;

/** Every state at 0 but the given ones. */
const counts = (some: Partial<Record<ApplicationState, number>>) => ({
  ...Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])),
  ...some,
});

describe('navigator insights (/admin/insights)', () => {
  it('is for navigators and admins: a patient gets 403, a visitor 401', async () => {
    const patient = await newPatientWithApplications(api, []);
    expect((await api.get('/admin/insights', patient.token)).status).toBe(403);
    expect((await api.get('/admin/insights')).status).toBe(401);
  });

  it('counts states by day, the median days to a decision and the decisions by program from the timeline', async () => {
    const navigator = await newNavigator(stack, api);
    const admin = await newNavigator(stack, api, 'ADMIN');
    await seedDecisions(stack, api, navigator.token);

    for (const user of [navigator, admin]) {
      const res = await api.get<InsightsAnswer>('/admin/insights', user.token);
      expect(res.status).toBe(200);
      const { statesByDay, decisionDays, decisionsByProgram } = res.body.data;

      expect(decisionDays).toEqual({ median: 3, count: 3 });
      expect(decisionsByProgram).toEqual([
        { programId: 'az-and-me', programName: 'AZ&Me Prescription Savings Program', approved: 0, denied: 1 },
        {
          programId: 'lilly-cares',
          programName: 'Lilly Cares Foundation Patient Assistance Program',
          approved: 1,
          denied: 1,
        },
      ]);

      expect(statesByDay).toHaveLength(INSIGHTS_DAYS);
      const today = statesByDay[INSIGHTS_DAYS - 1];
      expect(today.date).toBe(new Date().toISOString().slice(0, 10));
      expect(today.counts).toEqual(counts({ APPROVED: 2, DENIED: 1, INTAKE: 1 }));
      // Four days ago: two approved long before, one still submitted (denied three days ago), one not yet opened.
      const fourDaysAgo = statesByDay[INSIGHTS_DAYS - 5];
      expect(fourDaysAgo.date).toBe(new Date(Date.parse(today.date) - 4 * DAY_MS).toISOString().slice(0, 10));
      expect(fourDaysAgo.counts).toEqual(counts({ APPROVED: 2, SUBMITTED: 1 }));
      // Before any of them was opened.
      expect(statesByDay[0].counts).toEqual(counts({}));
      expect(statesByDay[INSIGHTS_DAYS - 30].counts).toEqual(counts({}));
    }
  });
});
