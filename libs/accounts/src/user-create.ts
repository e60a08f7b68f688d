import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { fields, ROLES } from '@rxbridge/contracts';
import { createDataSource } from '@rxbridge/database';
import { ensureAccount } from './create-account';

const USAGE = [
  'Usage: USER_CREATE_PASSWORD=P node libs/accounts/dist/user-create.js --email E --role NAVIGATOR|ADMIN|USER',
  '         [--first-name F] [--last-name L]   (or npm run user:create -- ...)',
  '  The password: USER_CREATE_PASSWORD, or --password-stdin to read it from standard input.',
  '  --password P works too, but shows in ps and in the shell history.',
].join('\n');

/** The environment variable the password may come in (README "Staff accounts"). */
export const USER_CREATE_PASSWORD = 'USER_CREATE_PASSWORD';

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
export async function runUserCreate(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: { stdin?: Readable; warn?: (line: string) => void } = {},
): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const password = await passwordOf(values, env, io);
  const parsed = argsSchema.safeParse({ ...values, password });
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
    const outcome = await ensureAccount(
      db,
      {
        email: a.email,
        password: a.password,
        role: a.role,
        firstName: a['first-name'],
        lastName: a['last-name'],
        emailVerified: true,
      },
      { command: 'user:create' },
    );
    return outcome === 'created'
      ? `Created ${a.role} account ${a.email}`
      : `An account for ${a.email} already exists; nothing changed.`;
  } finally {
    await db.destroy();
  }
}

/**
 * The password, given one way only: on standard input (--password-stdin), in USER_CREATE_PASSWORD, or as --password,
 * which ps and the shell's history show to others (kept for scripts; warned about).
 */
async function passwordOf(
  values: { password?: string; 'password-stdin'?: boolean },
  env: NodeJS.ProcessEnv,
  io: { stdin?: Readable; warn?: (line: string) => void },
): Promise<string | undefined> {
  const fromEnv = env[USER_CREATE_PASSWORD];
  const ways = [values['password-stdin'], fromEnv !== undefined, values.password !== undefined].filter(Boolean);
  if (ways.length > 1) {
    throw new Error(`password: give it one way: --password-stdin, ${USER_CREATE_PASSWORD} or --password\n${USAGE}`);
  }
  if (values['password-stdin']) return readPassword(io.stdin ?? process.stdin);
  if (fromEnv !== undefined) return fromEnv;
  if (values.password !== undefined) {
    (io.warn ?? console.warn)(
      `Warning: --password shows in ps and the shell history; use ${USER_CREATE_PASSWORD} or --password-stdin.`,
    );
  }
  return values.password;
}

/** Standard input, without the line's end a `printf`, `echo` or typed line leaves. */
async function readPassword(stdin: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
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
