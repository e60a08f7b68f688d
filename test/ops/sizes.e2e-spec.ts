import { DataSource } from 'typeorm';
import { startStack, type TestStack } from '../support/stack';

// DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS reach the pool of the API and of the worker
// (docs/architecture.md §11 Scaling out).
let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: { DATABASE_POOL_SIZE: '3', DATABASE_STATEMENT_TIMEOUT_MS: '1500' } });
});
afterAll(() => stack?.close());

it('sizes the pool and limits each statement', async () => {
  for (const app of [stack.api, stack.worker!]) {
    const db = app.get(DataSource);
    expect((db.driver as unknown as { master: { options: { max: number } } }).master.options.max).toBe(3);
    expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '1500ms' }]);
    await expect(db.query('SELECT pg_sleep(3)')).rejects.toThrow(/statement timeout/);
  }
});
