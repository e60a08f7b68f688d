import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Probes, type ReadinessCheck } from './probes';
import { REDIS } from './redis.module';

// The readiness probe (docs/architecture.md §1 Probes): public, so it says which dependency is down and no more;
// the reason goes to the log. Checks replace the real ones by name (addCheck), counting their runs.

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [Probes, { provide: getDataSourceToken(), useValue: {} }, { provide: REDIS, useValue: {} }],
})
class ProbesUnderTest {}

let close: () => Promise<void>;
let probes: Probes;
const runs: Record<string, number> = {};
let databaseFails: Error | null = null;

const counted =
  (name: string, fail: () => Error | null = () => null): ReadinessCheck =>
  async () => {
    runs[name] = (runs[name] ?? 0) + 1;
    const error = fail();
    if (error) throw error;
  };

beforeAll(async () => {
  const app = await NestFactory.createApplicationContext(ProbesUnderTest, { logger: false });
  close = () => app.close();
  probes = app.get(Probes);
  probes.addCheck(
    'database',
    counted('database', () => databaseFails),
  );
  probes.addCheck('redis', counted('redis'));
  probes.addCheck('schema', counted('schema'));
});
afterAll(() => close());
beforeEach(() => {
  for (const name of Object.keys(runs)) delete runs[name];
  databaseFails = null;
});
afterEach(() => jest.restoreAllMocks());

describe('readiness', () => {
  it("answers which dependency is down, never the driver's message, which goes to the log once", async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    databaseFails = new Error('password authentication failed for user "rxbridge_app"');
    const { ok, answer } = await probes.ready();
    expect(ok).toBe(false);
    expect(answer.status).toBe('error');
    expect(answer.error).toEqual({ database: { status: 'down' } });
    expect(answer.details).toEqual({
      database: { status: 'down' },
      redis: { status: 'up' },
      schema: { status: 'up' },
    });
    expect(JSON.stringify(answer)).not.toMatch(/password|rxbridge_app/);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ check: 'database', err: databaseFails }, 'not ready: database does not answer');

    // The same reason again is not logged again; the dependency back is.
    await probes.ready();
    expect(warn).toHaveBeenCalledTimes(1);
    databaseFails = null;
    expect((await probes.ready()).ok).toBe(true);
    expect(log).toHaveBeenCalledWith({ check: 'database' }, 'ready again: database answers');
  });

  it('shares one run of each check between the calls that arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => probes.ready()));
    for (const { ok, answer } of answers) {
      expect(ok).toBe(true);
      expect(answer.details).toEqual({ database: { status: 'up' }, redis: { status: 'up' }, schema: { status: 'up' } });
    }
    expect(runs).toEqual({ database: 1, redis: 1, schema: 1 });
  });
});
