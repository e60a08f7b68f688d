import { isDependencyUnavailable } from './unavailable';

describe('isDependencyUnavailable', () => {
  it('recognises Redis and PostgreSQL being down, also wrapped by TypeORM', () => {
    expect(isDependencyUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(
      true,
    );
    expect(isDependencyUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDependencyUnavailable(Object.assign(new Error('query failed'), { driverError: adminShutdown }))).toBe(
      true,
    );
  });

  it('leaves every other error alone', () => {
    expect(isDependencyUnavailable(new Error('boom'))).toBe(false);
    expect(isDependencyUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
    expect(isDependencyUnavailable('text')).toBe(false);
  });
});
