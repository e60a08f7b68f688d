// `npm run migration:generate -- <Name>`: writes the migration that brings a database at the latest
// migration to what the entities describe (TypeORM's generator), and registers it in MIGRATIONS.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const MIGRATIONS_DIR = join(ROOT, 'libs/database/src/migrations');

function main() {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    console.error('Usage: npm run migration:generate -- <Name>   (PascalCase, e.g. AddShipmentCarrier)');
    process.exit(1);
  }
  const before = new Set(readdirSync(MIGRATIONS_DIR));
  const cli = require.resolve('typeorm/cli.js');
  try {
    execFileSync(
      process.execPath,
      [cli, 'migration:generate', '-p', '-d', join(__dirname, 'data-source.js'), join(MIGRATIONS_DIR, name)],
      { stdio: 'inherit', cwd: process.cwd() },
    );
  } catch {
    // TypeORM exits 1 when the entities and the migrations already agree; it said so above.
    process.exit(1);
  }
  const file = readdirSync(MIGRATIONS_DIR).find((f) => !before.has(f));
  if (!file) return;
  const className = /export class (\w+)/.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))?.[1];
  if (!className) return;
  const indexFile = join(MIGRATIONS_DIR, 'index.ts');
  const index = readFileSync(indexFile, 'utf8')
    .replace(/(\n\/\*\*)/, `import { ${className} } from './${file.replace(/\.ts$/, '')}';\n$1`)
    .replace(/\n\];/, `\n  ${className},\n];`);
  writeFileSync(indexFile, index);
  console.log(`Registered ${className} in libs/database/src/migrations/index.ts; review it, then npm run format.`);
}

main();
