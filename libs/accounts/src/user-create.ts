import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { fields, ROLES } from '@rxbridge/contracts';
import { createDataSource } from '@rxbridge/database';
import { ensureAccount } from './create-account';

const USAGE =
  'Usage: npm run user:create -- --email E --password P --role NAVIGATOR|ADMIN|USER [--first-name F] [--last-name L]';

const argsSchema = z.object({
  email: fields.email,
  password: fields.password,
  role: z.enum(ROLES, { error: 'role must be USER, NAVIGATOR or ADMIN' }),
  'first-name': z.string().trim().min(1).default('Care'),
  'last-name': z.string().trim().min(1).default('Navigator'),
});

/**
 * Makes a staff (or patient) account against the configured database: DATABASE_URL, else the one a
 * running `npm start` wrote to .data/local-stack.env.
 */
export async function runUserCreate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join('.') || 'arguments'}: ${issue.message}\n${USAGE}`);
  }
  const localEnv = resolve(process.cwd(), '.data/local-stack.env');
  const databaseUrl = env.DATABASE_URL ?? (existsSync(localEnv) ? readLocalDatabaseUrl(localEnv) : undefined);
  if (!databaseUrl) {
    throw new Error('DATABASE_URL is not set, and no `npm start` is running to borrow its database from.');
  }
  // DATABASE_URL may be a transaction-mode PgBouncer (docs/architecture.md §11 Managed services).
  const db = createDataSource(
    databaseUrl,
    env.DATABASE_URL && env.DATABASE_POOLER === 'pgbouncer' ? 'pgbouncer' : 'none',
  );
  await db.initialize();
  try {
    const a = parsed.data;
    const outcome = await ensureAccount(db, {
      email: a.email,
      password: a.password,
      role: a.role,
      firstName: a['first-name'],
      lastName: a['last-name'],
      emailVerified: true,
    });
    return outcome === 'created'
      ? `Created ${a.role} account ${a.email}`
      : `An account for ${a.email} already exists; nothing changed.`;
  } finally {
    await db.destroy();
  }
}

function readLocalDatabaseUrl(file: string): string | undefined {
  return readFileSync(file, 'utf8').match(/^DATABASE_URL=(.+)$/m)?.[1];
}

if (require.main === module) {
  // Reads .env like the API and the worker; the environment wins over the file (README "Settings").
  if (existsSync('.env')) process.loadEnvFile('.env');
  runUserCreate(process.argv.slice(2)).then(
    (message) => console.log(message),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
