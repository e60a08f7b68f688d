import type { Client } from 'pg';
import { EntityManager, type EntityTarget, type FindOneOptions } from 'typeorm';
import { Insurance } from '@rxbridge/database';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { lockWaiter } from '../support/repository-db';
import { connectDb, newPatient, type Api } from './helpers';

// A delete of the patient's newest plan dates the record it leaves current as their plan (docs/product.md §6.3); a
// change of that record committed meanwhile is not written back over (docs/architecture.md §14).
let stack: TestStack;
let api: Api;
let db: Client;

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

it('keeps a change of the plan a delete leaves current, made while the delete was under way', async () => {
  const p = await newPatient(api, {
    insurances: [
      { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' },
      { provider: 'Aetna', drugCoverage: 'EMPLOYER' },
    ],
  });
  const plans = (await api.get('/insurance', p.token)).body.data.insurances as { id: string; provider: string }[];
  const older = plans.find((plan) => plan.provider === 'Humana')!;
  const newest = plans.find((plan) => plan.provider === 'Aetna')!;

  // The delete is held, in the API's process, once it has read the plan it leaves current (the older record).
  let readLeft!: () => void;
  const leftRead = new Promise<void>((resolve) => (readLeft = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const findOne = EntityManager.prototype.findOne;
  const held = jest.spyOn(EntityManager.prototype, 'findOne').mockImplementation(async function (
    this: EntityManager,
    target: EntityTarget<object>,
    options: FindOneOptions,
  ) {
    const found = await findOne.call(this, target, options);
    if (target === Insurance && options.order && (found as Insurance | null)?.id === older.id) {
      readLeft();
      await released;
    }
    return found;
  });
  try {
    const deleting = api.delete(`/insurance/${newest.id}`, p.token);
    await leftRead;
    let changed = false;
    const changing = api.put(`/insurance/${older.id}`, { policyNumber: 'H-77', groupNumber: 'G-1' }, p.token);
    void changing.then(() => (changed = true));
    // The change commits meanwhile, or waits for the delete's transaction: either way, then the delete goes on.
    await lockWaiter(stack.settings.DATABASE_URL, () => changed, 'FROM users WHERE id');
    release();
    expect((await deleting).status).toBe(200);
    expect((await changing).status).toBe(200);
  } finally {
    release();
    held.mockRestore();
  }

  const left = (await api.get('/insurance', p.token)).body.data.insurances;
  expect(left).toEqual([expect.objectContaining({ id: older.id, policyNumber: 'H-77', groupNumber: 'G-1' })]);
  const dated = await db.query('SELECT plan_changed_at FROM insurances WHERE id = $1', [older.id]);
  expect(dated.rows[0].plan_changed_at).toBeInstanceOf(Date);
});
