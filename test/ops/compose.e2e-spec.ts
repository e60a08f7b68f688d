import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESS_ENV } from '@rxbridge/platform';

// docker-compose.yml, checked by Compose itself (no Docker engine needed): every secret is required,
// and the mail inbox and Stripe double come only with the `local` profile (README.md, Docker).
// `.ci/run` installs docker-compose (apt-get install docker-compose).
const ROOT = join(__dirname, '../..');
const SECRETS = {
  APP_URL: 'https://rxbridge.example.org',
  POSTGRES_PASSWORD: 'compose-check',
  SMTP_URL: 'smtp://mail.example.org:587',
  JWT_SECRET: 'compose-check',
  DOCUMENTS_ENCRYPTION_KEY: 'compose-check',
  STRIPE_SECRET_KEY: 'compose-check',
  STRIPE_WEBHOOK_SECRET: 'compose-check',
  FAX_GATEWAY_DOMAIN: 'fax.example.org',
};

function compose(args: string[], env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  const res = spawnSync('docker-compose', args, { cwd: ROOT, env: { PATH, HOME, ...env }, encoding: 'utf8' });
  if (res.error)
    throw new Error(`docker-compose is needed for this test (apt-get install docker-compose): ${res.error}`);
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
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
});

describe('Dockerfile', () => {
  it('starts the API and the worker with the process environment npm start and the bench use', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    for (const [key, value] of Object.entries(PROCESS_ENV)) expect(runtime).toContain(`ENV ${key}=${value}\n`);
  });
});
