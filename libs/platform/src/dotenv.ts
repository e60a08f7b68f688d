import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` from the folder the process starts in, when there is one (README "Settings"), with
 * Node's own parser. A variable already set in the environment wins: the file never overrides it.
 */
export function loadDotEnv(file = resolve(process.cwd(), '.env'), env: NodeJS.ProcessEnv = process.env): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[key] === undefined) env[key] = value;
  }
}
