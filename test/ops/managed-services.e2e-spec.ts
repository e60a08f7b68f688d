import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { runMigrations } from '@rxbridge/database';
import { freePort } from '@rxbridge/local-stack';
import { createTestDatabase } from '../support/infra';
import { startPrivateRedis } from '../support/private-redis';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { PASSWORD } from '../support/factories';
import {
  connectSocket,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  waitForUpdate,
  type ClientSocket,
} from '../applications/helpers';
import { stopProcess } from '../support/processes';

// Managed PostgreSQL and Redis (docs/architecture.md §11 Managed services): the core path (signup,
// login, a navigator's move pushed to the patient's socket, an email from the worker) through a
// real PgBouncer in transaction mode and on a real three-node Redis Cluster, both started here on
// free ports and stopped at the end; the shared PostgreSQL and Redis are only used, never stopped.

/**
 * Signup (the worker opens the application and mails the verification link), login, moves and
 * their pushes to the patient's socket, concurrent reads, logout.
 */
async function corePath(stack: TestStack) {
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  const mail = await stack.mail.waitFor((m) => m.to.includes(patient.email), 30_000);
  expect(mail.text).toContain('/verify-email?token=');

  const login = await api.post('/users/login', { email: patient.email, password: PASSWORD });
  expect(login.status).toBe(200);
  let socket: ClientSocket | undefined;
  try {
    socket = await connectSocket(stack.baseUrl, { token: login.body.data.token });
    const updates = recordUpdates(socket);
    const [application] = patient.applications;
    // Several moves: the statements of each request meet different server connections of the pool.
    for (const state of ['AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER', 'SUBMITTED'] as const) {
      expect((await move(api, navigator.token, application.id, state)).status).toBe(200);
      await waitForUpdate(updates, (u) => u.applicationId === application.id && u.state === state, 15_000);
    }
    // Reads the API prepares by name on a direct connection, from two patients at once.
    const other = await newPatientWithApplications(api, ['Ozempic']);
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.get('/applications', i % 2 ? other.token : login.body.data.token)),
    );
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    // Logout: the ended session is written and announced to every API process (docs/architecture.md §9).
    expect((await api.post('/users/logout', {}, login.body.data.token)).status).toBe(200);
    expect((await api.get('/users/profile', login.body.data.token)).status).toBe(401);
  } finally {
    socket?.disconnect();
  }
}

describe('behind PgBouncer in transaction mode', () => {
  let dir: string;
  let pgbouncer: ChildProcess | undefined;
  let db: { url: string; drop: () => Promise<void> } | undefined;
  let stack: TestStack | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rxb-pgbouncer-'));
    db = await createTestDatabase();
    const port = await freePort(16432);
    pgbouncer = await startPgBouncer(dir, new URL(db.url), port);
    const pooled = new URL(db.url);
    pooled.host = `127.0.0.1:${port}`;
    // Migrations go straight to PostgreSQL (DATABASE_DIRECT_URL), as the migrate command does.
    await runMigrations(db.url);
    stack = await startStack({
      env: { DATABASE_URL: pooled.toString(), DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: db.url },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await stopProcess(pgbouncer, 'SIGTERM');
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs up, logs in, pushes a move and mails from the worker, with no LISTEN and no named statement', async () => {
    await corePath(stack!);
    // Through the pooler the relay may not LISTEN: no session of the test database waits on a channel.
    const listeners = await stack!.api
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
      );
    expect(listeners[0].n).toBe(0);
  }, 120_000);
});

describe('on a three-node Redis Cluster', () => {
  let dir: string;
  let nodes: ChildProcess[] = [];
  const ports: number[] = [];
  let stack: TestStack | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rxb-redis-cluster-'));
    while (ports.length < 3) {
      const port = await clusterPort();
      if (!ports.includes(port)) ports.push(port);
    }
    nodes = await Promise.all(ports.map((port) => startClusterNode(dir, port)));
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    await Promise.all(ports.map((port) => clusterReady(port)));
    stack = await startStack({
      env: {
        REDIS_URL: `redis://127.0.0.1:${ports[0]}`,
        REDIS_CLUSTER_NODES: ports.map((p) => `127.0.0.1:${p}`).join(','),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await Promise.all(nodes.map((node) => stopProcess(node, 'SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs up, logs in, pushes a move and mails from the worker, every key of the app in one hash slot', async () => {
    expect(stack!.settings.REDIS_PREFIX).toMatch(/^\{.+\}$/);
    await corePath(stack!);
    // Every key the app wrote sits under the hash-tagged prefix, on the one node owning its slot.
    const keys: string[] = [];
    for (const port of ports) {
      const node = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
      try {
        keys.push(...(await node.keys('*')));
      } finally {
        node.disconnect();
      }
    }
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => !k.startsWith(`${stack!.settings.REDIS_PREFIX}:`))).toEqual([]);
  }, 120_000);
});

/** PgBouncer in transaction mode in front of the shared PostgreSQL, on its own port and folder. */
async function startPgBouncer(folder: string, server: URL, port: number): Promise<ChildProcess> {
  const binary = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
  const user = decodeURIComponent(server.username) || 'postgres';
  writeFileSync(join(folder, 'users.txt'), `"${user}" ""\n`);
  // Few server connections for the API's and the worker's pools: consecutive transactions of one
  // client meet different server connections, where a session's state would be missing.
  writeFileSync(
    join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${join(folder, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 4',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as root it runs as nobody, who must read its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(folder, 0o755);
  const child = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), join(folder, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk;
      if (/process up/.test(seen)) ready();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`pgbouncer exited (${code}): ${seen}`)));
  });
  return child;
}

/** One node of a Redis Cluster, keeping nothing on disk but its cluster file in `folder`. */
const startClusterNode = (folder: string, port: number): Promise<ChildProcess> =>
  startPrivateRedis(port, [
    '--cluster-enabled',
    'yes',
    '--cluster-config-file',
    join(folder, `nodes-${port}.conf`),
    '--dir',
    folder,
  ]);

/** A free port whose cluster bus port (itself + 10000) is free too. */
async function clusterPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if ((await freePort(port)) === port && (await freePort(port + 10_000)) === port + 10_000) return port;
  }
}

/** Waits until this node sees the whole cluster up (every slot served). */
async function clusterReady(port: number): Promise<void> {
  const node = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  try {
    await eventually(
      async () => /cluster_state:ok/.test((await node.call('CLUSTER', 'INFO')) as string),
      `the Redis Cluster node on ${port} to be ok`,
      30_000,
    );
  } finally {
    node.disconnect();
  }
}
