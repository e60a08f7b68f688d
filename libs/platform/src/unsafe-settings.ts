/**
 * The settings no deployment may run with by mistake (docs/architecture.md §13): sample or weak
 * secrets, test keys and http public addresses, refused outside NODE_ENV=test unless a developer's
 * machine says ALLOW_INSECURE_DEVELOPMENT=true, and what production refuses besides. loadSettings
 * (./settings) asks these after parsing; they read only the values named below.
 */
export interface CheckedSettings {
  NODE_ENV: string;
  ALLOW_INSECURE_DEVELOPMENT: boolean;
  JWT_SECRET: string;
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_SECRET_KEY: string;
  DOCUMENTS_ENCRYPTION_KEY: string;
  APP_URL?: string;
  STRIPE_API_BASE?: string;
  S3_ENDPOINT?: string;
  CHAT_WIDGET_SRC?: string;
  FAX_GATEWAY_DOMAIN?: string;
  TIMER_DAY_MS: number;
  SMTP_URL: string;
  MAIL_FROM: string;
  SUPPORT_EMAIL: string;
  SUPPORT_PHONE: string;
  DATABASE_URL: string;
  DATABASE_DIRECT_URL?: string;
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: string;
}

/** The documents key: 32 bytes written as 64 hex characters or as base64; null when it is neither. */
export function decodeEncryptionKey(value: string): Buffer | null {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : null;
  return key?.length === 32 ? key : null;
}

/**
 * Secrets written somewhere in this repository (.env.example, docker-compose.yml, the tests): anyone
 * can read them, so production refuses them whatever their strength (docs/architecture.md §13).
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  'replace-with-64-hex-characters-from-openssl-rand-hex-32-0000000000',
  'replace-with-64-hex-characters-from-openssl-rand-hex-32-000000000000',
  'insecure-compose-default-secret-change-me-in-env-0123456789',
  'test-secret-that-is-long-enough-for-hs256-0123456789',
  'whsec_compose_default_change_me',
  'whsec_rxbridgetest0123456789',
  'whsec_replace_me',
  'whsec_stripe_local_spec',
  'whsec_local',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
];
/** Words that only placeholder or sample secrets contain. */
const PLACEHOLDER_WORDS =
  /replace|change.?me|example|default|insecure|secret|sample|dummy|test|compose|local|password/i;

/**
 * Estimated bits of randomness of a secret: per character, 4 for hex, 6 for base64, else the size
 * of the character classes it uses; a secret made of few distinct characters counts as weak.
 */
export function secretEntropyBits(secret: string): number {
  const bitsPerChar = /^[0-9a-fA-F]+$/.test(secret)
    ? 4
    : /^[A-Za-z0-9+/_=-]+$/.test(secret)
      ? 6
      : Math.log2(
          (/[a-z]/.test(secret) ? 26 : 0) +
            (/[A-Z]/.test(secret) ? 26 : 0) +
            (/[0-9]/.test(secret) ? 10 : 0) +
            (/[^A-Za-z0-9]/.test(secret) ? 33 : 0),
        );
  // Repeats ('aaaa...', 'abab...') are not random: count at most the distinct characters' worth.
  const distinct = new Set(secret).size;
  if (distinct < 10) return distinct * bitsPerChar;
  return secret.length * bitsPerChar;
}

/**
 * The unsafe settings this mode refuses, one line per setting. NODE_ENV=test accepts anything; elsewhere
 * sample or weak secrets and http public addresses are refused unless ALLOW_INSECURE_DEVELOPMENT=true (a
 * developer's machine, never production), and production adds its own rules.
 */
export function unsafeSettingsProblems(s: CheckedSettings): string[] {
  if (s.NODE_ENV === 'test') return [];
  if (s.NODE_ENV === 'production') {
    return [
      ...(s.ALLOW_INSECURE_DEVELOPMENT ? ['ALLOW_INSECURE_DEVELOPMENT: must not be set in production'] : []),
      ...insecureProblems(s, 'outside development and test'),
      ...productionProblems(s),
    ];
  }
  if (s.ALLOW_INSECURE_DEVELOPMENT) return [];
  const problems = insecureProblems(s, 'unless ALLOW_INSECURE_DEVELOPMENT=true');
  if (!problems.length) return [];
  return [
    ...problems,
    "ALLOW_INSECURE_DEVELOPMENT: set it to true to accept these on a developer's machine (npm start does)",
  ];
}

/**
 * A one-label host (a compose or cluster service), a private DNS suffix, or a private or loopback address: IPv4's
 * 10/8, 127/8, 172.16/12 and 192.168/16, IPv6's loopback, unique local (fc00::/7) and link-local (fe80::/10).
 */
export function onPrivateNetwork(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[')) return /^\[(::1|f[cd][0-9a-f]{0,2}:.*|fe[89ab][0-9a-f]:.*)\]$/.test(host);
  if (!host.includes('.') || /\.(local|internal|svc|cluster\.local)$/.test(host)) return true;
  return /^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)\d{1,3}\.\d{1,3}(\.\d{1,3})?$/.test(host);
}

const isPublished = (v: string) => PUBLISHED_SECRETS.includes(v) || PLACEHOLDER_WORDS.test(v);

/** Sample or weak secrets and http public addresses: refused outside test unless explicitly allowed. */
function insecureProblems(s: CheckedSettings, unless: string): string[] {
  const problems: string[] = [];
  if (isPublished(s.JWT_SECRET)) {
    problems.push('JWT_SECRET: is a sample or published value; generate one with `openssl rand -hex 32`');
  } else if (secretEntropyBits(s.JWT_SECRET) < 256) {
    problems.push('JWT_SECRET: must hold at least 256 bits of randomness (e.g. `openssl rand -hex 32`)');
  }
  const webhookSecret = s.STRIPE_WEBHOOK_SECRET.replace(/^whsec_/, '');
  if (isPublished(s.STRIPE_WEBHOOK_SECRET) || isPublished(webhookSecret)) {
    problems.push('STRIPE_WEBHOOK_SECRET: is a sample or published value; use the one Stripe shows for your endpoint');
  } else if (secretEntropyBits(webhookSecret) < 128) {
    // Stripe chooses this secret's length (about 190 bits), so 256 bits cannot be asked of it.
    problems.push('STRIPE_WEBHOOK_SECRET: is too short to be the signing secret Stripe issued');
  }
  if (isPublished(s.STRIPE_SECRET_KEY.replace(/^(sk|rk)_(test|live)_/, ''))) {
    problems.push('STRIPE_SECRET_KEY: is a sample value; use the secret key of your Stripe account');
  }
  const key = decodeEncryptionKey(s.DOCUMENTS_ENCRYPTION_KEY);
  if (key && (PUBLISHED_SECRETS.includes(s.DOCUMENTS_ENCRYPTION_KEY.trim().toLowerCase()) || new Set(key).size < 20)) {
    // 32 random bytes hold about 30 distinct values; fewer than 20 is a pattern (all zero, repeated).
    problems.push('DOCUMENTS_ENCRYPTION_KEY: is a pattern, not 32 random bytes (e.g. `openssl rand -hex 32`)');
  }
  const https = (name: string, value: string | undefined) => {
    if (value !== undefined && !value.startsWith('https://')) problems.push(`${name}: must be an https URL ${unless}`);
  };
  // APP_URL unset means http://localhost:PORT.
  https('APP_URL', s.APP_URL ?? 'http://localhost');
  https('STRIPE_API_BASE', s.STRIPE_API_BASE);
  // Document storage on the deployment's own network (compose's `minio`, a cluster service) is not
  // a public endpoint: http is refused only for an address the Internet could route.
  if (s.S3_ENDPOINT && !onPrivateNetwork(s.S3_ENDPOINT)) https('S3_ENDPOINT', s.S3_ENDPOINT);
  https('CHAT_WIDGET_SRC', s.CHAT_WIDGET_SRC);
  return problems;
}

/** What only a production deployment must not run with, one line per setting (docs/architecture.md §13). */
export function productionProblems(s: CheckedSettings): string[] {
  const problems: string[] = [];
  if (/^(sk|rk)_test_/.test(s.STRIPE_SECRET_KEY)) {
    problems.push('STRIPE_SECRET_KEY: is a test-mode key (sk_test_); use your live key (sk_live_) in production');
  }
  if (!s.FAX_GATEWAY_DOMAIN) problems.push('FAX_GATEWAY_DOMAIN: is required in production (your email-to-fax gateway)');
  if (s.TIMER_DAY_MS !== 86_400_000) problems.push('TIMER_DAY_MS: is a test setting; leave it unset in production');
  return [...problems, ...contactProblems(s), ...smtpProblems(s.SMTP_URL), ...connectionProblems(s)];
}

/** sslmode values with which node-postgres checks the server's certificate, whatever its version's defaults. */
const VERIFYING_SSLMODES = ['verify-full', 'verify-ca'];

/**
 * PostgreSQL and Redis outside the deployment's own network carry health data and sessions over the Internet: TLS
 * with the server's certificate checked (docs/architecture.md §13). On the deployment's network they may go plain.
 */
function connectionProblems(s: CheckedSettings): string[] {
  const problems: string[] = [];
  for (const [name, value] of [
    ['DATABASE_URL', s.DATABASE_URL],
    ['DATABASE_DIRECT_URL', s.DATABASE_DIRECT_URL],
  ] as const) {
    if (!value || onPrivateNetwork(value)) continue;
    const sslmode = new URL(value).searchParams.get('sslmode') ?? '';
    if (!VERIFYING_SSLMODES.includes(sslmode)) {
      problems.push(`${name}: must end with ?sslmode=verify-full to a database outside your network in production`);
    }
  }
  const redisHosts = s.REDIS_CLUSTER_NODES
    ? s.REDIS_CLUSTER_NODES.split(',').map((node) => `redis://${node.trim()}`)
    : [s.REDIS_URL];
  if (!s.REDIS_URL.startsWith('rediss://') && !redisHosts.every(onPrivateNetwork)) {
    problems.push('REDIS_URL: must be rediss:// (TLS) to a Redis outside your network in production');
  }
  return problems;
}

/**
 * Domains no one receives mail at or browses to (RFC 2606, RFC 6761 and mDNS's `.local`): the defaults and the
 * samples of .env.example and deploy/kubernetes, which production must replace.
 */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost|local)\.?$/i;
/** 555-0100 to 555-0199: the numbers set aside for fiction and samples, such as the default (800) 555-0199. */
const FICTIONAL_PHONE = /555\D?01\d\d\D*$/;
const domainOf = (address: string) => address.replace(/>\s*$/, '').split('@').pop() ?? '';

/**
 * The addresses patients and staff see and write to (the footer, every email, the maintenance page, support's
 * notices) and the app's own address in emailed links: a sample left in place reaches no one.
 */
function contactProblems(s: CheckedSettings): string[] {
  const problems: string[] = [];
  const reserved = (name: string, domain: string) => {
    if (RESERVED_DOMAIN.test(domain))
      problems.push(`${name}: ${domain} is a sample domain; set your own in production`);
  };
  if (s.APP_URL) reserved('APP_URL', hostOf(s.APP_URL));
  if (s.FAX_GATEWAY_DOMAIN) reserved('FAX_GATEWAY_DOMAIN', s.FAX_GATEWAY_DOMAIN);
  reserved('MAIL_FROM', domainOf(s.MAIL_FROM));
  reserved('SUPPORT_EMAIL', domainOf(s.SUPPORT_EMAIL));
  if (FICTIONAL_PHONE.test(s.SUPPORT_PHONE)) {
    problems.push('SUPPORT_PHONE: 555-01xx is a sample number; set the number patients call in production');
  }
  return problems;
}

/** Mail catchers' conventional port and names: they keep every email and deliver none. */
const MAIL_CATCHER = { port: '1025', hosts: /^(mailcatcher|mailhog|mailpit|maildev)$/i };

/**
 * The SMTP relay: never a mail catcher, and TLS required on the way to a relay outside the deployment's network
 * (`smtps://`, or `smtp://` with `requireTLS=true`, which nodemailer reads from the address), so a
 * man in the middle cannot strip STARTTLS and read the emails. A relay on the deployment's own network (a
 * sidecar, a cluster service) may speak plain SMTP.
 */
function smtpProblems(smtpUrl: string): string[] {
  const url = new URL(smtpUrl);
  if (url.port === MAIL_CATCHER.port || MAIL_CATCHER.hosts.test(url.hostname)) {
    return ['SMTP_URL: is a mail catcher, which delivers no email; use your SMTP relay in production'];
  }
  // nodemailer reads tls.* options from the address: a relay whose certificate goes unchecked can be impersonated.
  if (url.searchParams.get('tls.rejectUnauthorized') === 'false') {
    return ['SMTP_URL: tls.rejectUnauthorized=false lets anyone pose as the relay; remove it in production'];
  }
  const tls = url.protocol === 'smtps:' || url.searchParams.get('requireTLS') === 'true';
  if (tls || onPrivateNetwork(smtpUrl)) return [];
  return [
    'SMTP_URL: must use TLS to a relay outside your network in production (smtps://, or smtp://...?requireTLS=true)',
  ];
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};
