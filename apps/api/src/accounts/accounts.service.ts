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
import { appendToOutbox } from '@rxbridge/events';
import { accountDisabled, badRequest, conflict, unauthorized } from '@rxbridge/platform';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import type { AuthUser } from '../common/auth.guard';
import {
  burnPasswordCheck,
  emailTaken,
  findMailingState,
  findUserWithPassword,
  getUserWithPassword,
  hashPassword,
  insertUser,
  setPassword,
  updateUser,
  verifyPassword,
} from '@rxbridge/accounts';
import { insertDoctor, insertInsurance, insertPrescription } from '@rxbridge/records';
import { SessionsService } from './sessions.service';
import { EmailVerificationService } from './email-verification.service';
import { UserReader } from './user-reader';
import { BillingService } from '../billing/billing.service';

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
    if (await emailTaken(this.db.manager, input.email)) {
      throw conflict(MESSAGES.emailInUse, 'email-in-use');
    }
    const passwordHash = await hashPassword(input.password);
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
        for (const d of input.doctors) {
          await insertDoctor(manager, {
            userId: user.id,
            firstName: d.firstName,
            lastName: d.lastName,
            specialty: d.specialty ?? 'Other',
            phone: d.phone ?? null,
            doctorAddress: d.doctorAddress,
            npiNumber: d.npiNumber ?? null,
          });
        }
        const prescriptionIds: string[] = [];
        for (const p of input.prescriptions) {
          const id = await insertPrescription(manager, {
            userId: user.id,
            medication: p.medication,
            dosage: p.dosage ?? '',
            frequency: p.frequency ?? '',
            doctorId: null,
          });
          prescriptionIds.push(id);
        }
        for (const i of input.insurances) {
          await insertInsurance(manager, {
            userId: user.id,
            provider: i.provider,
            coverageType: coverageTypeOf(i.provider),
            drugCoverage: i.drugCoverage ?? null,
            extraHelp: i.extraHelp ?? null,
            outOfPocketCentsThisYear: i.outOfPocketCentsThisYear ?? null,
          });
        }
        // The plan starts now, priced for the prescriptions just written (the account has no
        // others); nothing is charged until a first shipment is scheduled.
        const subscription = await this.billing.open(manager, user.id, input.tier, prescriptionIds.length);
        await this.verification.issue(manager, user.id, 'user.registered');
        if (prescriptionIds.length) {
          await appendToOutbox(manager, 'prescription.added', { userId: user.id, prescriptionIds }, user.id);
        }
        const session = await this.sessions.start(user, manager);
        return { ...session, user: await this.users.publicUser(user.id, manager), subscription };
      });
    } catch (err) {
      // Two signups with one email at the same moment: the unique index decides.
      if (isPgError(err, PG_UNIQUE_VIOLATION)) throw conflict(MESSAGES.emailInUse, 'email-in-use');
      throw err;
    }
    // A paid plan goes on to save a card; the account exists whether or not Stripe answers.
    const { subscription, ...signedUp } = result;
    return { ...signedUp, checkoutUrl: await this.billing.checkoutIfNeeded(signedUp.user.id, subscription) };
  }

  async login(email: string, password: string, address: string): Promise<AuthResult> {
    await this.limiter.hit(
      [RATE_LIMITS.loginPair, `${email}|${address}`],
      [RATE_LIMITS.loginAccount, email],
      [RATE_LIMITS.loginAddress, address],
    );
    const user = await findUserWithPassword(this.db.manager, email);
    if (!user) {
      await burnPasswordCheck(password);
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid-credentials');
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid-credentials');
    }
    // Said only to whoever knows the password: a guess learns nothing about the account.
    if (user.disabledAt) throw accountDisabled();
    // Signed in: forget the pair's failures, open the session and read the user at once.
    const [, session, publicUser] = await Promise.all([
      this.limiter.reset(RATE_LIMITS.loginPair, `${email}|${address}`),
      this.sessions.start(user),
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
      const before = await findMailingState(manager, userId);
      await updateUser(manager, userId, defined as ProfileUpdate);
      // The state decides residency and the poverty table: re-screen the patient's applications (product.md §15).
      if (changes.mailingState !== undefined && before && before.mailingState !== changes.mailingState) {
        await appendToOutbox(manager, 'user.eligibility_changed', { userId }, userId);
      }
    });
    return this.users.publicUser(userId);
  }

  async changePassword(auth: AuthUser, currentPassword: string, newPassword: string): Promise<void> {
    await this.limiter.hit([RATE_LIMITS.passwordChangeAccount, auth.id]);
    const user = await getUserWithPassword(this.db.manager, auth.id);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest(
        MESSAGES.currentPasswordWrong,
        { currentPassword: MESSAGES.currentPasswordWrong },
        'wrong-password',
      );
    }
    if (currentPassword === newPassword) {
      throw badRequest(MESSAGES.samePassword, { newPassword: MESSAGES.samePassword });
    }
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.db.transaction(async (manager) => {
      await setPassword(manager, auth.id, passwordHash);
      await appendToOutbox(manager, 'user.password_changed', { userId: auth.id }, auth.id);
      // Other devices are signed out; this one stays.
      return this.sessions.endAllFor(auth.id, manager, auth.sid);
    });
    await this.sessions.revokeAccess(ended);
    await this.limiter.reset(RATE_LIMITS.passwordChangeAccount, auth.id);
  }
}
