/**
 * Environment every API and worker process starts with, set by whatever launches them (the image,
 * `npm start`, the bench). glibc reads it at process start, so it cannot be set from inside.
 *
 * MALLOC_ARENA_MAX=1: argon2id takes 19 MiB per password check on libuv's threads, and glibc gave each
 * thread an arena of its own that kept its blocks: about 80 MB more after a few dozen sign-ins. With one
 * arena the threads reuse the same blocks. Mapping each block on its own (a 128 KiB
 * MALLOC_MMAP_THRESHOLD_) returned them too, but every check then faulted 19 MiB of fresh pages in:
 * a login took 95 ms instead of 30 (docs/architecture.md §15).
 *
 * NODE_OPTIONS --max-old-space-size=512: V8 lets its heap grow to a multiple of what survived the
 * last full collection, up to 4x when the heap may reach 2 GB or more (the default), so the garbage of a
 * thousand socket handshakes sat in memory: 230 MB of heap over 60 MB alive. With a 512 MB cap the
 * multiple is about 1.4 and the API holds 1000 sockets in 175 MB instead of 314 (§15). A process
 * whose live data nears the cap is one to scale out, not to grow (§11).
 */
export const PROCESS_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '1',
  NODE_OPTIONS: '--max-old-space-size=512',
};
