import { Client } from 'pg';
import { MESSAGES } from '@rxbridge/contracts';
import { calculatePricing } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup, PASSWORD } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';

let stack: TestStack;
let api: ReturnType<typeof apiClient>;
let db: Client;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const tokenFromLink = (text: string) => {
  const m = text.match(/\/verify-email\?token=([^\s"&]+)/);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return decodeURIComponent(m[1]);
};
const codeFrom = (text: string) => text.match(/\b(\d{6})\b/)![1];

async function signup(overrides = {}) {
  const payload = newSignup(overrides);
  const res = await api.post('/users/signup', payload);
  expect(res.status).toBe(201);
  return { payload, ...res.body.data };
}

describe('signup', () => {
  it('creates a patient with nested records, answers tokens and the user, and mails a verification link', async () => {
    const payload = newSignup({
      role: 'ADMIN',
      doctors: [
        {
          firstName: 'Ann',
          lastName: 'Lee',
          doctorAddress: '1 Clinic Way',
          specialty: 'primary-care',
          npiNumber: '12-345-678-901',
        },
      ],
      prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }, { medication: 'Ozempic' }],
      insurances: [{ provider: 'Medicare' }],
    });
    const res = await api.post('/users/signup', payload);
    expect(res.status).toBe(201);
    const { token, refreshToken, user } = res.body.data;
    expect(typeof token).toBe('string');
    expect(typeof refreshToken).toBe('string');
    expect(user).toMatchObject({
      email: payload.email,
      firstName: 'Maria',
      role: 'USER',
      tier: 'ONGOING_CARE',
      emailVerified: false,
      gender: 'female',
      maritalStatus: 'married',
      phone: '5551234567',
      prescriptionCount: 2,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);

    const rows = await db.query(
      `SELECT (SELECT count(*) FROM doctors WHERE user_id = u.id)::int AS doctors,
              (SELECT count(*) FROM prescriptions WHERE user_id = u.id)::int AS prescriptions,
              (SELECT coverage_type FROM insurances WHERE user_id = u.id) AS coverage,
              (SELECT specialty || ' ' || npi_number FROM doctors WHERE user_id = u.id) AS doctor,
              u.password_hash
       FROM users u WHERE email = $1`,
      [payload.email],
    );
    expect(rows.rows[0]).toMatchObject({
      doctors: 1,
      prescriptions: 2,
      coverage: 'Medicare',
      doctor: 'Primary Care 1234567890',
    });
    // OWASP's argon2id memory and iterations (19 MiB, 2), in 2 lanes.
    const params = rows.rows[0].password_hash.split('$')[3].split(',').sort();
    expect(rows.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(params).toEqual(['m=19456', 'p=2', 't=2']);

    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email));
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain(`${stack.baseUrl}/verify-email?token=`);

    const profile = await api.get('/users/profile', token);
    expect(profile.status).toBe(200);
    expect(profile.body.data.user.email).toBe(payload.email);

    // The plan opened by the signup is priced for the prescriptions it wrote.
    const subscriptions = await api.get('/subscriptions/active', token);
    expect(subscriptions.body.data.subscriptions).toEqual([
      expect.objectContaining({
        tier: 'ONGOING_CARE',
        status: 'PENDING_PAYMENT',
        prescriptionCount: 2,
        totalAmount: calculatePricing('ONGOING_CARE', 2).totalAmount,
      }),
    ]);
  });

  it.each([
    ['password', { password: 'short', confirmPassword: 'short' }, MESSAGES.passwordRule],
    ['password', { password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }, MESSAGES.passwordRule],
    ['password', { password: 'NoSpecial123', confirmPassword: 'NoSpecial123' }, MESSAGES.passwordRule],
    ['confirmPassword', { confirmPassword: 'Different1!' }, MESSAGES.passwordsDoNotMatch],
    ['phone', { phone: '012-345' }, MESSAGES.invalidPhone],
    ['phone', { phone: '+1 (555) 123-4567-8901-2345' }, MESSAGES.invalidPhone],
    ['mailingState', { mailingState: 'XX' }, MESSAGES.invalidState],
    ['mailingState', { mailingState: 'NYC' }, MESSAGES.invalidState],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['email', { email: 'not-an-email' }, MESSAGES.invalidEmail],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }, MESSAGES.invalidDateOfBirth],
    // A day that does not exist is refused, not moved to March 3 nor left to the database to reject.
    ['dateOfBirth', { dateOfBirth: '1990-02-31' }, MESSAGES.invalidDateOfBirth],
    // Words after the day are not dropped to keep the day: the whole value is refused.
    ['dateOfBirth', { dateOfBirth: '1990-01-01 <b>x</b>' }, MESSAGES.invalidDateOfBirth],
    ['dateOfBirth', { dateOfBirth: '1990-01-01garbage' }, MESSAGES.invalidDateOfBirth],
    ['tier', { tier: undefined }, MESSAGES.selectPlan],
    ['gender', { gender: 'robot' }, 'Please choose a valid gender'],
    [
      'doctors.0.doctorAddress',
      { doctors: [{ firstName: 'A', lastName: 'B', doctorAddress: '' }] },
      'Address is required',
    ],
    ['prescriptions.0.medication', { prescriptions: [{ medication: ' ' }] }, 'Medication is required'],
    ['insurances.0.provider', { insurances: [{ provider: 'Acme Health' }] }, MESSAGES.insuranceProviderRequired],
  ])('refuses a bad %s with 400 and a message naming the field', async (field, override, message) => {
    const res = await api.post('/users/signup', newSignup(override as object));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error!.fields![field]).toBe(message);
    expect(res.body.message).toContain(`${field}: ${message}`);
  });

  it('answers 409 for an email already in use, whatever its case', async () => {
    const { payload } = await signup();
    const res = await api.post('/users/signup', newSignup({ email: payload.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.emailInUse);
  });

  it('keeps nothing when a nested row is refused', async () => {
    const payload = newSignup({ prescriptions: [{ medication: 'x'.repeat(500) }] });
    const res = await api.post('/users/signup', payload);
    expect(res.status).toBe(400);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [payload.email]);
    expect(rows[0].n).toBe(0);
  });

  it('keeps nothing when the database refuses a row sent beside the others, and goes on', async () => {
    // The account's rows go out together on one connection (docs/architecture.md §15): one refused
    // midway rolls back the user and every row sent with it, and the connection serves the next.
    const tables = ['users', 'doctors', 'prescriptions', 'subscriptions', 'email_verifications', 'refresh_tokens'];
    const count = async () =>
      (await db.query(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`)).rows[0];
    const before = await count();
    await db.query(`CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.query('CREATE TRIGGER refuse_row BEFORE INSERT ON insurances FOR EACH ROW EXECUTE FUNCTION refuse_row()');
    const nested = {
      doctors: [{ firstName: 'Ann', lastName: 'Lee', doctorAddress: '1 Clinic Way' }],
      prescriptions: [{ medication: 'Eliquis' }, { medication: 'Ozempic' }],
      insurances: [{ provider: 'Medicare' }],
    };
    try {
      const res = await api.post('/users/signup', newSignup(nested));
      expect(res.status).toBe(500);
      expect(await count()).toEqual(before);
    } finally {
      await db.query('DROP TRIGGER refuse_row ON insurances');
      await db.query('DROP FUNCTION refuse_row()');
    }
    const { user } = await signup(nested);
    expect(user.prescriptionCount).toBe(2);
  });
});

describe('email verification', () => {
  it('verifies once from the mailed link, then answers that the link was used', async () => {
    const { payload, token, user } = await signup();
    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email));
    const verifyToken = tokenFromLink(mail.text);

    const first = await api.post('/auth/verify-email', { token: verifyToken });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MESSAGES.emailVerified);
    // The first, valid verification names the account it verified, minimally: no other profile field.
    expect(first.body.data).toEqual({
      status: 'verified',
      alreadyVerified: false,
      user: { id: user.id, email: payload.email, emailVerified: true },
    });
    for (const value of [payload.firstName, payload.lastName, payload.phone, payload.dateOfBirth]) {
      expect(JSON.stringify(first.body)).not.toContain(String(value));
    }

    // Spent: the link answers its error before anything else, and no profile.
    const again = await api.post('/auth/verify-email', { token: verifyToken });
    expect(again.status).toBe(400);
    expect(again.body.error!.code).toBe('token-used');
    expect(again.body.message).toBe(MESSAGES.verificationTokenUsed);
    expect(JSON.stringify(again.body)).not.toContain(payload.email);

    const profile = await api.get('/users/profile', token);
    expect(profile.body.data.user.emailVerified).toBe(true);

    const resend = await api.post('/auth/resend-verification', {}, token);
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(MESSAGES.emailAlreadyVerified);
  });

  it('refuses a forged, tampered or missing token', async () => {
    const { payload } = await signup();
    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email));
    const real = tokenFromLink(mail.text);
    for (const token of [`${real.slice(0, -2)}xx`, 'nonsense', `${crypto.randomUUID()}.AAAA`]) {
      const res = await api.post('/auth/verify-email', { token });
      expect(res.status).toBe(400);
      expect(res.body.error!.code).toBe('invalid-token');
      expect(res.body.message).toBe(MESSAGES.invalidVerificationToken);
    }
    const missing = await api.post('/auth/verify-email', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error!.fields!.token).toBe(MESSAGES.noVerificationToken);
  });

  it('refuses an expired token', async () => {
    const { payload } = await signup();
    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email));
    await db.query(
      `UPDATE email_verifications SET expires_at = now() - interval '1 minute'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [payload.email],
    );
    const res = await api.post('/auth/verify-email', { token: tokenFromLink(mail.text) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invalidVerificationToken);
  });

  it('resends a new link to a signed-in patient only; the older link then reveals nothing', async () => {
    const { payload, token } = await signup();
    const first = await stack.mail.waitFor((m) => m.to.includes(payload.email));
    const anonymous = await api.post('/auth/resend-verification', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MESSAGES.resendNeedsLogin);
    const res = await api.post('/auth/resend-verification', {}, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.verificationSent);
    const second = await stack.mail.waitFor((m) => m.to.includes(payload.email) && m.text.includes('new link'));
    const verified = await api.post('/auth/verify-email', { token: tokenFromLink(second.text) });
    expect(verified.body.data).toMatchObject({
      status: 'verified',
      alreadyVerified: false,
      user: { emailVerified: true },
    });
    const profile = await api.get('/users/profile', token);
    expect(profile.body.data.user.emailVerified).toBe(true);

    // The first link, never clicked: a status, no profile field.
    const old = await api.post('/auth/verify-email', { token: tokenFromLink(first.text) });
    expect(old.status).toBe(200);
    expect(old.body.message).toBe(MESSAGES.emailAlreadyVerified);
    expect(old.body.data).toEqual({ status: 'already-verified', alreadyVerified: true });
    for (const value of [payload.email, payload.firstName, payload.phone, payload.dateOfBirth]) {
      expect(JSON.stringify(old.body)).not.toContain(String(value));
    }
  });
});

describe('login, sessions and logout', () => {
  it('logs in with the right password only, with one message for every failure', async () => {
    const { payload } = await signup();
    const ok = await api.post('/users/login', { email: payload.email.toUpperCase(), password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(payload.email);
    const wrong = await api.post('/users/login', { email: payload.email, password: 'Wr0ng!Pass' });
    const unknown = await api.post('/users/login', { email: 'nobody@example.com', password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.invalidCredentials);
    }
    const empty = await api.post('/users/login', { email: payload.email });
    expect(empty.status).toBe(400);
    expect(empty.body.error!.fields!.password).toBe('Password is required');
  });

  it('locks out failed logins per account AND address: the patient still signs in from elsewhere', async () => {
    const { payload } = await signup();
    const attacker = apiClient(stack.apiUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await attacker.post('/users/login', { email: payload.email, password: 'Wr0ng!Pass' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toBe(MESSAGES.tooManyRequests);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password from the locked pair waits.
    expect((await attacker.post('/users/login', { email: payload.email, password: PASSWORD })).status).toBe(429);
    // Refused tries no longer count against the account: a hundred more do not lock it.
    for (let i = 0; i < 100; i++) {
      expect((await attacker.post('/users/login', { email: payload.email, password: 'Wr0ng!Pass' })).status).toBe(429);
    }
    // The patient, at another address, is not locked out.
    const patient = apiClient(stack.apiUrl);
    expect((await patient.post('/users/login', { email: payload.email, password: PASSWORD })).status).toBe(200);
  });

  it('stops a guesser spread over many addresses at the per-account ceiling', async () => {
    const { payload } = await signup();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      // A different address each time: no pair reaches its own limit.
      const res = await apiClient(stack.apiUrl).post('/users/login', { email: payload.email, password: 'Wr0ng!Pass' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('rotates refresh tokens and revokes the family when a spent one comes back', async () => {
    const { refreshToken, payload } = await signup();
    const first = await api.post('/auth/refresh', { refreshToken });
    expect(first.status).toBe(200);
    const { token: newAccess, refreshToken: next } = first.body.data;
    expect(next).not.toBe(refreshToken);
    expect((await api.get('/users/profile', newAccess)).status).toBe(200);

    // Spent longer ago than the few seconds' grace two tabs get (see test/security/sessions).
    await db.query(
      `UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL
                      AND family_id = (SELECT family_id FROM refresh_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1) LIMIT 1)`,
      [payload.email],
    );
    const replay = await api.post('/auth/refresh', { refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(MESSAGES.invalidRefreshToken);
    // The thief's replay ends the whole session: the newest token and its access token die too.
    expect((await api.post('/auth/refresh', { refreshToken: next })).status).toBe(401);
    expect((await api.get('/users/profile', newAccess)).status).toBe(401);
  });

  it('logs out: the access token and the session stop working', async () => {
    const { token, refreshToken } = await signup();
    expect((await api.post('/users/logout', {}, token)).status).toBe(200);
    const after = await api.get('/users/profile', token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.sessionExpired);
    expect((await api.post('/auth/refresh', { refreshToken })).status).toBe(401);
  });

  it('signup-complete answers a fresh token and the user', async () => {
    const { token, user } = await signup();
    const res = await api.post('/users/signup-complete', {}, token);
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
    expect((await api.get('/users/profile', res.body.data.token)).status).toBe(200);
  });

  it('refuses requests without a valid bearer token', async () => {
    for (const token of [undefined, 'garbage', 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      const res = await api.get('/users/profile', token);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('profile', () => {
  it('updates the fields the dashboard sends, accepting both spellings of gender', async () => {
    const { token } = await signup();
    const res = await api.put(
      '/users/profile',
      {
        firstName: 'Marie',
        lastName: 'Lopez-Diaz',
        phone: '+1 555 987 6543',
        dateOfBirth: '1968-04-13',
        mailingStreet: '99 Elm St',
        mailingCity: 'Chicago',
        mailingState: 'il',
        mailingZip: '60601',
        gender: 'prefer-not-to-say',
        maritalStatus: 'widowed',
        email: 'ignored@example.com',
      },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      firstName: 'Marie',
      phone: '+15559876543',
      mailingState: 'IL',
      gender: 'prefer-not-to-say',
      maritalStatus: 'widowed',
    });
    expect(res.body.data.user.email).not.toBe('ignored@example.com');
    const label = await api.put('/users/profile', { gender: 'Prefer not to say' }, token);
    expect(label.body.data.user.gender).toBe('prefer-not-to-say');
    const impossible = await api.put('/users/profile', { dateOfBirth: '1990-02-31' }, token);
    expect(impossible.status).toBe(400);
    expect(impossible.body.error!.fields).toEqual({ dateOfBirth: MESSAGES.invalidDateOfBirth });
  });

  it('keeps the language the patient signed up in and changes it from the profile', async () => {
    const english = await signup();
    expect(english.user.preferredLanguage).toBe('en');
    const { token, user } = await signup({ preferredLanguage: 'es' });
    expect(user.preferredLanguage).toBe('es');
    expect((await api.get('/users/profile', token)).body.data.user.preferredLanguage).toBe('es');
    const back = await api.put('/users/profile', { preferredLanguage: 'en' }, token);
    expect(back.body.data.user.preferredLanguage).toBe('en');
    const unknown = await api.put('/users/profile', { preferredLanguage: 'fr' }, token);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error!.fields ?? {})).toEqual(['preferredLanguage']);
    const refused = await api.post('/users/signup', { ...newSignup(), preferredLanguage: 'xx' });
    expect(refused.status).toBe(400);
  });

  it('refuses bad values and an empty change', async () => {
    const { token } = await signup();
    const bad = await api.put('/users/profile', { phone: 'abc', mailingZip: '12' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toMatchObject({ phone: MESSAGES.invalidPhone, mailingZip: MESSAGES.invalidZip });
    const none = await api.put('/users/profile', {}, token);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MESSAGES.noChanges);
  });
});

describe('password change and reset', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { payload, token } = await signup();
    const other = await api.post('/users/login', { email: payload.email, password: PASSWORD });
    const wrong = await api.patch(
      '/users/change-password',
      { currentPassword: 'Nope!123a', newPassword: 'N3w!Password' },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.currentPasswordWrong);
    const weak = await api.patch('/users/change-password', { currentPassword: PASSWORD, newPassword: 'weak' }, token);
    expect(weak.body.error!.fields!.newPassword).toBe(MESSAGES.passwordRule);

    const ok = await api.patch(
      '/users/change-password',
      { currentPassword: PASSWORD, newPassword: 'N3w!Password' },
      token,
    );
    expect(ok.status).toBe(200);
    expect((await api.get('/users/profile', token)).status).toBe(200);
    expect((await api.get('/users/profile', other.body.data.token)).status).toBe(401);
    expect((await api.post('/auth/refresh', { refreshToken: other.body.data.refreshToken })).status).toBe(401);
    expect((await api.post('/users/login', { email: payload.email, password: 'N3w!Password' })).status).toBe(200);
    await stack.mail.waitFor((m) => m.to.includes(payload.email) && m.subject === 'Your password was changed');
  });

  it('resets with the mailed 6-digit code, once', async () => {
    const { payload, token } = await signup();
    const res = await api.post('/users/forgot-password', { email: payload.email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.resetCodeSent);
    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email) && /reset code/i.test(m.subject));
    const code = codeFrom(mail.text);
    // A subject shows on lock screens: the code is in the body only.
    expect(mail.subject).toBe('Your password reset code');

    const done = await api.post('/users/reset-password', { email: payload.email, code, newPassword: 'Res3t!Pass' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MESSAGES.passwordResetDone);
    expect((await api.post('/users/login', { email: payload.email, password: 'Res3t!Pass' })).status).toBe(200);
    // Every earlier session ends with a reset.
    expect((await api.get('/users/profile', token)).status).toBe(401);
    const reuse = await api.post('/users/reset-password', { email: payload.email, code, newPassword: 'An0ther!Pass' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(MESSAGES.invalidResetCode);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await api.post('/users/forgot-password', { email: 'ghost@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.resetCodeSent);
    const alias = await api.post('/users/request-password-reset', { email: 'ghost@example.com' });
    expect(alias.status).toBe(200);
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });

  it('kills a code after 5 wrong tries, and refuses an expired one', async () => {
    const { payload } = await signup();
    await api.post('/users/forgot-password', { email: payload.email });
    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email) && /reset code/i.test(m.subject));
    const code = codeFrom(mail.text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api.post('/users/reset-password', {
        email: payload.email,
        code: wrongCode,
        newPassword: 'Res3t!Pass',
      });
      expect(res.status).toBe(400);
    }
    const late = await api.post('/users/reset-password', { email: payload.email, code, newPassword: 'Res3t!Pass' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MESSAGES.invalidResetCode);

    stack.mail.clear();
    await api.post('/users/request-password-reset', { email: payload.email });
    const fresh = await stack.mail.waitFor((m) => m.to.includes(payload.email) && /reset code/i.test(m.subject));
    await db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await api.post('/users/reset-password', {
      email: payload.email,
      code: codeFrom(fresh.text),
      newPassword: 'Res3t!Pass',
    });
    expect(expired.status).toBe(400);

    const malformed = await api.post('/users/reset-password', {
      email: payload.email,
      code: '12ab',
      newPassword: 'Res3t!Pass',
    });
    expect(malformed.body.error!.fields!.code).toBe('The reset code is 6 digits');
  });

  it('resets through the mailed link (token flow), opening the web page /reset-password, and ends every session', async () => {
    const { payload, token: signedIn, refreshToken } = await signup();
    const res = await api.post('/auth/forgot-password', { email: payload.email });
    expect(res.status).toBe(200);
    const mail = await stack.mail.waitFor((m) => m.to.includes(payload.email) && m.subject === 'Reset your password');
    // The link opens the web page that completes the flow (docs/product.md §7), never `/?resetToken=`.
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=([^\s"&]+)/);
    expect(link).not.toBeNull();
    expect(mail.text).not.toMatch(/resetToken=/);
    const token = decodeURIComponent(link![1]);
    const done = await api.post('/auth/reset-password', { token, newPassword: 'L1nk!Reset' });
    expect(done.status).toBe(200);
    expect((await api.get('/users/profile', signedIn)).status).toBe(401);
    expect((await api.post('/auth/refresh', { refreshToken })).status).toBe(401);
    expect((await api.post('/users/login', { email: payload.email, password: 'L1nk!Reset' })).status).toBe(200);
    const again = await api.post('/auth/reset-password', { token, newPassword: 'L1nk!Reset2' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.invalidResetToken);
  });

  it('rate limits reset attempts per address, by code and by link, with 429', async () => {
    const { payload } = await signup();
    for (const [path, body] of [
      ['/users/reset-password', { email: payload.email, code: '000000', newPassword: 'Res3t!Pass' }],
      ['/auth/reset-password', { token: 'not-a-reset-token', newPassword: 'Res3t!Pass' }],
    ] as const) {
      const visitor = apiClient(stack.apiUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await visitor.post(path, body)).status);
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      const refused = await visitor.post(path, body);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MESSAGES.tooManyRequests);
      // Another address is not held back by this one.
      expect((await apiClient(stack.apiUrl).post(path, body)).status).toBe(400);
    }
  });

  it('rate limits reset requests and verification resends per account with 429', async () => {
    const { payload, token } = await signup();
    const requests: number[] = [];
    // A different address each time: the per-account limit still holds.
    for (let i = 0; i < 6; i++) {
      requests.push((await apiClient(stack.apiUrl).post('/users/forgot-password', { email: payload.email })).status);
    }
    expect(requests).toEqual([200, 200, 200, 200, 200, 429]);
    const resends: number[] = [];
    for (let i = 0; i < 6; i++) {
      resends.push((await apiClient(stack.apiUrl).post('/auth/resend-verification', {}, token)).status);
    }
    expect(resends).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('conventions', () => {
  it('reports database and Redis health', async () => {
    const healthy = { status: 'ok', database: { status: 'up' }, redis: { status: 'up' } };
    const res = await api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(healthy);
    // Checks that arrive together share one probe; each still gets a whole answer.
    const together = await Promise.all(Array.from({ length: 20 }, () => api.get('/health')));
    for (const each of together) {
      expect(each.status).toBe(200);
      expect(each.body.data).toMatchObject(healthy);
    }
  });

  it('answers malformed JSON and unknown endpoints in the error shape', async () => {
    const bad = await api.post('/users/login', '{"email":', undefined, { 'Content-Type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'The request body is not valid JSON' });
    const missing = await api.get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error!.code).toBe('not-found');
    expect(missing.body.error!.requestId).toBeTruthy();
  });

  it('serves runtime settings and checks the maintenance bypass on the server', async () => {
    const res = await api.get('/config');
    expect(res.body.data).toMatchObject({
      supportEmail: 'support@rxbridge.test',
      maintenanceMode: false,
      chatWidgetSrc: null,
    });
    const unlock = await api.post('/config/maintenance-unlock', { code: 'guess' });
    expect(unlock.status).toBe(403);
    expect(unlock.body.message).toBe('Invalid access code');
  });

  it("sets an API answer's security headers, a failure's too", async () => {
    for (const path of ['/health', '/no-such-route']) {
      const res = await fetch(`${stack.apiUrl}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});
