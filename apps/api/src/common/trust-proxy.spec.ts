import fastify from 'fastify';
import { loadSettings } from '@rxbridge/platform';

const base = {
  DATABASE_URL: 'postgres://u@localhost:5432/db',
  REDIS_URL: 'redis://localhost:6379',
  SMTP_URL: 'smtp://localhost:1025',
  JWT_SECRET: 'x'.repeat(40),
  DOCUMENTS_ENCRYPTION_KEY: 'ab'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  ALLOW_INSECURE_DEVELOPMENT: 'true',
};

/** The address the API's rate limits count for a request that came through these hops (create-server.ts). */
async function visitorSeen(trustProxy: string, forwardedFor: string, remoteAddress = '172.18.0.9') {
  const app = fastify({ trustProxy: loadSettings({ ...base, TRUST_PROXY: trustProxy }).TRUST_PROXY });
  app.get('/ip', (request) => ({ ip: request.ip }));
  const res = await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

// A visitor behind a load balancer (10.0.0.5) and the bundled proxy (172.18.0.9), who also sent a forged
// X-Forwarded-For of their own (README.md, Docker: the proxy).
describe('TRUST_PROXY: whose address the per-address limits count', () => {
  const chain = '198.51.100.1, 203.0.113.7, 10.0.0.5';

  it('counts the visitor with two hops, or with the proxies named', async () => {
    expect(await visitorSeen('2', chain)).toBe('203.0.113.7');
    expect(await visitorSeen('10.0.0.0/8,uniquelocal', chain)).toBe('203.0.113.7');
  });

  it('with one hop counts the load balancer, which would put every visitor on one address', async () => {
    expect(await visitorSeen('true', chain)).toBe('10.0.0.5');
  });

  it('believes no header when off, and a proxy only from its address', async () => {
    expect(await visitorSeen('false', chain)).toBe('172.18.0.9');
    expect(await visitorSeen('10.0.0.0/8', '198.51.100.1', '203.0.113.50')).toBe('203.0.113.50');
  });

  it.each(['maybe', '6', '10.0.0.0/40', '10.0.0.0/8,nowhere'])('refuses TRUST_PROXY=%s, naming it', (value) => {
    expect(() => loadSettings({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false, a number/);
  });
});
