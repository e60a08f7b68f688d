import argon2 from 'argon2';

// OWASP's argon2id baseline, 19 MiB and 2 iterations, in 2 lanes: the same memory and work for
// a guesser (RFC 9106 recommends several lanes), computed by two threads, so a sign-in waits about
// half as long while a core is free (docs/architecture.md §13). argon2 hashes on libuv's thread
// pool, so the event loop keeps serving other requests meanwhile. A hash made with other
// parameters (1 lane, before) carries them and still verifies.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 2 } as const;

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
