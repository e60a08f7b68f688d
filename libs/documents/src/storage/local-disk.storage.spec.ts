import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageObjectMissing } from './document-storage';
import { LocalDiskStorage } from './local-disk.storage';

describe('LocalDiskStorage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rxb-local-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes through a temporary name, reads back, deletes idempotently and refuses unsafe keys', async () => {
    const disk = new LocalDiskStorage(dir);
    await disk.put('u/d1', Buffer.from('sealed'));
    expect(await readdir(join(dir, 'u'))).toEqual(['d1']);
    expect((await disk.get('u/d1')).toString()).toBe('sealed');
    await disk.delete('u/d1');
    await disk.delete('u/d1');
    await expect(disk.get('u/d1')).rejects.toBeInstanceOf(StorageObjectMissing);
    for (const key of ['../escape', '/abs', 'u/../../x', 'u//x', '']) {
      await expect(disk.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
    await disk.delete('nowhere/d9');
  });

  it('deletes the temporary file a write killed before its rename left, and nothing of another key', async () => {
    const disk = new LocalDiskStorage(dir);
    await disk.put('k/d2', Buffer.from('kept'));
    await disk.put('k/d20', Buffer.from('other'));
    // What a process killed between the write and the rename leaves (the sweep then deletes the key).
    await writeFile(join(dir, 'k', 'd2.0b3c5e1e-7c5a-4c57-9a43-3f2f2d1c9a10.tmp'), 'half');
    await disk.delete('k/d2');
    expect(await readdir(join(dir, 'k'))).toEqual(['d20']);
  });
});
