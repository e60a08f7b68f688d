import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. argon2 hashes on libuv's thread pool,
// so the event loop keeps serving other requests meanwhile.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Verified against when the account doesn't exist, so a wrong email costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}
