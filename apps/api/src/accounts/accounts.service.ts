import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  coverageTypeOf,
  MESSAGES,
  type AuthResult,
  type ProfileUpdate,
  type PublicUser,
  type SignupPayload,
} from '@rxbridge/contracts';
import { isPgError, PG_UNIQUE_VIOLATION, type Subscription } from '@rxbridge/database';
import { changesAnyOf, SIGNED_PROFILE_FIELDS } from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import { accountDisabled, badRequest, conflict, unauthorized } from '@rxbridge/platform';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import type { AuthUser } from '../common/auth.guard';
import {
  burnPasswordCheck,
  emailTaken,
  findProfileFields,
  findUserWithPassword,
  getUserWithPassword,
  hashPassword,
  insertUser,
  lockCredentials,
  setPassword,
  updateUser,
  verifyPassword,
} from '@rxbridge/accounts';
import { insertDoctor, insertInsurance, insertPrescription } from '@rxbridge/records';
import { SessionsService } from './sessions.service';
import { EmailVerificationService } from './email-verification.service';
import { UserReader } from './user-reader';
import { BillingService } from '../billing/billing.service';

/** The profile fields screening reads besides the household facts (docs/product.md §15). */
const SCREENED_PROFILE_FIELDS = ['mailingState', 'dateOfBirth'] as const;

type SignupRows = Pick<SignupPayload, 'doctors' | 'prescriptions' | 'insurances'>;

const doctorRow = (userId: string, d: SignupRows['doctors'][number]) => ({
  userId,
  firstName: d.firstName,
  lastName: d.lastName,
  specialty: d.specialty ?? 'Other',
  phone: d.phone ?? null,
  doctorAddress: d.doctorAddress,
  npiNumber: d.npiNumber ?? null,
});

const prescriptionRow = (userId: string, p: SignupRows['prescriptions'][number]) => ({
  userId,
  medication: p.medication,
  dosage: p.dosage ?? '',
  frequency: p.frequency ?? '',
  doctorId: null,
});

const insuranceRow = (userId: string, i: SignupRows['insurances'][number]) => ({
  userId,
  provider: i.provider,
  coverageType: coverageTypeOf(i.provider),
  drugCoverage: i.drugCoverage ?? null,
  extraHelp: i.extraHelp ?? null,
  outOfPocketCentsThisYear: i.outOfPocketCentsThisYear ?? null,
});

const wrongCurrentPassword = () =>
  badRequest(MESSAGES.currentPasswordWrong, { currentPassword: MESSAGES.currentPasswordWrong }, 'wrong-password');

@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(EmailVerificationService) private readonly verification: EmailVerificationService,
    @Inject(UserReader) private readonly users: UserReader,
    @Inject(BillingService) private readonly billing: BillingService,
  ) {}

  /**
   * Creates a patient with the doctors, prescriptions and insurance of the wizard in one transaction,
   * with the events that mail the verification link. Signup only ever makes a USER.
   */
  async signup(input: SignupPayload, address: string): Promise<AuthResult> {
    await this.limiter.hit([RATE_LIMITS.signupAddress, address]);
    // The hash is the long wait; the check that the email is free runs beside it.
    const [taken, passwordHash] = await Promise.all([
      emailTaken(this.db.manager, input.email),
      hashPassword(input.password),
    ]);
    if (taken) throw conflict(MESSAGES.emailInUse, 'email-in-use');
    let result: AuthResult & { subscription: Subscription };
    try {
      result = await this.db.transaction(async (manager) => {
        const role = 'USER' as const;
        const id = await insertUser(manager, {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          dateOfBirth: input.dateOfBirth,
          gender: input.gender,
          maritalStatus: input.maritalStatus,
          mailingStreet: input.mailingStreet,
          mailingCity: input.mailingCity,
          mailingState: input.mailingState,
          mailingZip: input.mailingZip,
          role,
          tier: input.tier,
          preferredLanguage: input.preferredLanguage,
          emailVerifiedAt: null,
          passwordChangedAt: null,
        });
        const user = { id, role };
        // The account's other rows depend on the user alone: sent together, they share the
        // connection's pipeline instead of a round trip each (docs/architecture.md §15 Performance).
        const [prescriptionIds, subscription, session] = await Promise.all([
          Promise.all(input.prescriptions.map((p) => insertPrescription(manager, prescriptionRow(id, p)))),
          // The plan starts now, priced for the prescriptions of the wizard (the account has no
          // others); nothing is charged until a first shipment is scheduled.
          this.billing.open(manager, id, input.tier, input.prescriptions.length),
          this.sessions.start(user, manager),
          this.verification.issue(manager, id, 'user.registered'),
          ...input.doctors.map((d) => insertDoctor(manager, doctorRow(id, d))),
          ...input.insurances.map((i) => insertInsurance(manager, insuranceRow(id, i))),
        ]);
        const [publicUser] = await Promise.all([
          this.users.publicUser(id, manager),
          prescriptionIds.length && appendToOutbox(manager, 'prescription.added', { userId: id, prescriptionIds }, id),
        ]);
        return { ...session, user: publicUser, subscription };
      });
    } catch (err) {
      // Two signups with one email at the same moment: the unique index decides.
      if (isPgError(err, PG_UNIQUE_VIOLATION)) throw conflict(MESSAGES.emailInUse, 'email-in-use');
      throw err;
    }
    // A paid plan goes on to save a card; the account exists whether or not Stripe answers.
    const { subscription, ...signedUp } = result;
    return {
      ...signedUp,
      checkoutUrl: await this.billing.checkoutIfNeeded(signedUp.user.id, subscription, signedUp.user),
    };
  }

  async login(email: string, password: string, address: string): Promise<AuthResult> {
    // The limits guard the password check, not the lookup: both go at once, and a refusal wins.
    const [, user] = await Promise.all([
      this.limiter.hit(
        [RATE_LIMITS.loginPair, `${email}|${address}`],
        [RATE_LIMITS.loginAccount, email],
        [RATE_LIMITS.loginAddress, address],
      ),
      findUserWithPassword(this.db.manager, email),
    ]);
    if (!user) {
      await burnPasswordCheck(password);
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid-credentials');
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid-credentials');
    }
    // Said only to whoever knows the password: a guess learns nothing about the account.
    if (user.disabledAt) throw accountDisabled();
    // Signed in: forget the pair's failures, open the session and read the user at once. The session opens only while
    // the password just checked is still the account's and the account still enabled: a reset or a disable that
    // committed during the check refuses it, and one that comes after waits for it and ends it (§9).
    const [, session, publicUser] = await Promise.all([
      this.limiter.reset(RATE_LIMITS.loginPair, `${email}|${address}`),
      this.db.transaction(async (manager) => {
        const now = await lockCredentials(manager, user.id);
        if (now?.passwordHash !== user.passwordHash)
          throw unauthorized(MESSAGES.invalidCredentials, 'invalid-credentials');
        if (now.disabledAt) throw accountDisabled();
        return this.sessions.start(user, manager);
      }),
      this.users.publicUser(user.id),
    ]);
    return { ...session, user: publicUser };
  }

  /** After checkout returns: the same session, a fresh access token and the current user. */
  async completeSignup(auth: AuthUser, checkoutSessionId?: string): Promise<Omit<AuthResult, 'refreshToken'>> {
    if (checkoutSessionId) await this.billing.completeCheckout(auth.id, checkoutSessionId);
    return { ...this.sessions.reissue(auth), user: await this.users.publicUser(auth.id) };
  }

  profile(userId: string): Promise<PublicUser> {
    return this.users.publicUser(userId);
  }

  async updateProfile(userId: string, changes: ProfileUpdate): Promise<PublicUser> {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    await this.db.transaction(async (manager) => {
      const before = await findProfileFields(manager, userId, SIGNED_PROFILE_FIELDS);
      await updateUser(manager, userId, defined as ProfileUpdate);
      if (!before) return;
      // The state decides residency and the poverty table, the age which documents a program asks: re-screen the
      // patient's applications and let their checklists follow (docs/product.md §15). Any fact the packet prints
      // (the name, the address, the phone...) leaves the signatures no longer current: the screens read them again
      // (docs/product.md §17).
      const screened = changesAnyOf(SCREENED_PROFILE_FIELDS, before, changes);
      if (screened || changesAnyOf(SIGNED_PROFILE_FIELDS, before, changes)) {
        const payload = screened ? { userId, checklists: true as const } : { userId };
        await appendToOutbox(manager, 'user.eligibility_changed', payload, userId);
      }
    });
    return this.users.publicUser(userId);
  }

  async changePassword(auth: AuthUser, currentPassword: string, newPassword: string): Promise<void> {
    await this.limiter.hit([RATE_LIMITS.passwordChangeAccount, auth.id]);
    const user = await getUserWithPassword(this.db.manager, auth.id);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw wrongCurrentPassword();
    }
    if (currentPassword === newPassword) {
      throw badRequest(MESSAGES.samePassword, { newPassword: MESSAGES.samePassword });
    }
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.db.transaction(async (manager) => {
      // The password checked is still the current one: a reset that committed meanwhile is not undone (§9).
      if ((await lockCredentials(manager, auth.id))?.passwordHash !== user.passwordHash) {
        throw wrongCurrentPassword();
      }
      await setPassword(manager, auth.id, passwordHash);
      await appendToOutbox(manager, 'user.password_changed', { userId: auth.id }, auth.id);
      // Other devices are signed out; this one stays.
      return this.sessions.endAllFor(auth.id, manager, auth.sid);
    });
    await this.sessions.revokeAccess(ended);
    await this.limiter.reset(RATE_LIMITS.passwordChangeAccount, auth.id);
  }
}
