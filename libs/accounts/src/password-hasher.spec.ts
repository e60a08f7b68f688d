import argon2 from 'argon2';
import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashes', () => {
  it('are argon2id with 19 MiB, 2 iterations and 2 lanes, and verify only the right password', async () => {
    const hash = await hashPassword('Correct horse 1!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=2,t=2\$/);
    expect(await verifyPassword(hash, 'Correct horse 1!')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse 1')).toBe(false);
  });

  it('made before with 1 lane still verify: a hash carries its own parameters', async () => {
    const before = await argon2.hash('Correct horse 1!', {
      type: argon2.argon2id,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await verifyPassword(before, 'Correct horse 1!')).toBe(true);
    expect(await verifyPassword(before, 'Wrong horse 1!')).toBe(false);
  });

  it('that are not a hash at all verify nothing', async () => {
    expect(await verifyPassword('not-a-hash', 'Correct horse 1!')).toBe(false);
  });
});
