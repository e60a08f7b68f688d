import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDotEnv } from './dotenv';

describe('loadDotEnv', () => {
  const names = ['RXB_DOTENV_FROM_FILE', 'RXB_DOTENV_SET_BOTH'];
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'rxb-dotenv-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  afterEach(() => names.forEach((n) => delete process.env[n]));

  it('fills what the environment lacks, and the environment wins', async () => {
    const file = join(dir, '.env');
    await writeFile(file, 'RXB_DOTENV_FROM_FILE=file\nRXB_DOTENV_SET_BOTH=file\n');
    process.env.RXB_DOTENV_SET_BOTH = 'environment';
    loadDotEnv(file);
    expect(process.env.RXB_DOTENV_FROM_FILE).toBe('file');
    expect(process.env.RXB_DOTENV_SET_BOTH).toBe('environment');
  });

  it('does nothing without a file', () => {
    expect(() => loadDotEnv(join(dir, 'missing.env'))).not.toThrow();
    expect(process.env.RXB_DOTENV_FROM_FILE).toBeUndefined();
  });
});
