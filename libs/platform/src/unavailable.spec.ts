import { ApiError, serviceUnavailable } from './api-error';
import { isDependencyUnavailable, isTransactionConflict } from './unavailable';

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

describe('isTransactionConflict', () => {
  it('recognises a deadlock and a serialization failure, also wrapped by TypeORM', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(isTransactionConflict(Object.assign(new Error('query failed'), { driverError: deadlock }))).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true);
  });

  it('is neither an outage nor any other error', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(isDependencyUnavailable(deadlock)).toBe(false);
    expect(isTransactionConflict(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isTransactionConflict(new Error('boom'))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });
});

describe('serviceUnavailable', () => {
  it('answers 503 service-unavailable with Retry-After', () => {
    const err = serviceUnavailable();
    expect(err).toBeInstanceOf(ApiError);
    expect({ status: err.getStatus(), code: err.code, headers: err.headers }).toEqual({
      status: 503,
      code: 'service-unavailable',
      headers: { 'Retry-After': '5' },
    });
  });
});
