import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
  });
});
