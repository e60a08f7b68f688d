import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { assertStorageKey, StorageObjectMissing, type DocumentStorage } from './document-storage';

/** Files under one folder (STORAGE_DIR); what they hold is already encrypted. */
export class LocalDiskStorage implements DocumentStorage {
  /** A write has settled when its promise has: a failed one stored nothing under the key. */
  readonly failedPutMayLand = false;

  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    // Written and flushed under a temporary name, then renamed: a crash never leaves a half file
    // under the final name.
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw err;
    }
    await syncDir(dirname(target));
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageObjectMissing(key);
      throw err;
    }
  }

  /** The file, and any temporary one a write of it left behind when its process died before the rename. */
  async delete(key: string): Promise<void> {
    const target = this.path(key);
    try {
      const leftovers = (await readdir(dirname(target))).filter(
        (name) => name.startsWith(`${basename(target)}.`) && name.endsWith('.tmp'),
      );
      for (const name of [basename(target), ...leftovers]) await rm(join(dirname(target), name), { force: true });
    } catch (err) {
      // A folder that does not exist (or a path under something that is not a folder) holds nothing: already gone.
      if (!['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    }
  }

  private path(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }
}

/** Makes the rename itself durable; some platforms cannot open a folder for syncing, which is fine. */
async function syncDir(dir: string) {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
