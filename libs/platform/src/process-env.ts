/**
 * Environment every API and worker process starts with, set by whatever launches them (the image,
 * `npm start`, the bench). glibc reads it at process start, so it cannot be set from inside.
 *
 * MALLOC_MMAP_THRESHOLD_: argon2id takes 19 MiB per password check on libuv's threads. glibc raises its
 * mmap threshold after such a block is freed, so later ones come from per-thread arenas that keep the
 * memory: about 80 MB more after a few dozen sign-ins, never returned. A fixed 128 KiB threshold
 * maps every large block on its own and unmaps it when freed (docs/architecture.md §15).
 */
export const PROCESS_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '131072',
};
