import { createHmac } from 'node:crypto';
import type { User } from '@cotacoes/shared';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { type Limits, SharedLimiter } from '../../lib/shared-limits.js';
import { generateNumericCode, generateToken, hashToken, safeEqualHex } from '../../lib/tokens.js';
import type { Mailer } from '../../mail/mailer.js';
import { mailTemplates } from '../../mail/templates.js';
import type { AuthContext, RequestMeta } from '../../plugins/request-context.js';
import type { SessionService } from '../../plugins/sessions.js';
import type { OnUserVerified } from '../../read-models/users.js';
import { toPublicUser } from '../../read-models/users.js';
import * as repo from './auth.repository.js';
import {
  issueDeviceToken,
  knownDeviceTag,
  LoginThrottle,
  type LoginThrottleStore,
  SharedLoginThrottle,
} from './login-throttle.js';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
const REGISTRATION_TTL_MS = 24 * 3_600_000;
const RESEND_MIN_INTERVAL_MS = 30_000;
const MAX_SENDS_PER_REGISTRATION = 5;

export type SignedIn = {
  access_token: string;
  user: User;
  sessionId: string;
  /** Remembers this browser as a known device of the account (password sign-ins only, ADR 0013). */
  deviceToken?: string;
};
/** What the sign-in request shows about where it comes from (ADR 0013). */
export type LoginDevice = { deviceToken?: string; sessionUserId?: string };

/** Registration, verification, sign-in, profile and password (spec 000 §2, §4, §5, §7). */
export class AuthService {
  // Per-account limits (S4), shared by the replicas when `limits.shared`; per-IP limits are on the routes.
  /** Unknown devices: progressive delays per account (ADR 0013). */
  private readonly loginThrottle: LoginThrottleStore;
  /** A known device (or the password change of a signed-in user): its own fixed window, never the account's. */
  private readonly knownDeviceFailures: SharedLimiter;
  private readonly registrationsPerEmail: SharedLimiter;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly onUserVerified: OnUserVerified,
    limits: Limits,
  ) {
    this.loginThrottle = limits.shared ? new SharedLoginThrottle(db) : new LoginThrottle();
    this.knownDeviceFailures = new SharedLimiter(limits.counters, 'login-device', 10, 15 * 60_000);
    this.registrationsPerEmail = new SharedLimiter(limits.counters, 'register', 5, 60 * 60_000);
  }

  private codeHash(registrationId: string, code: string): string {
    return createHmac('sha256', registrationId).update(code).digest('hex');
  }

  private roleForNewUser(email: string): repo.UserRow['role'] {
    return this.config.ADMIN_EMAILS.includes(email) ? 'desenvolvedor' : 'usuario';
  }

  /**
   * Starts a registration and mails a code. An e-mail that already has an account gets a notice instead,
   * with the same answer, so the endpoint does not reveal which e-mails are registered.
   */
  async register(email: string, meta: RequestMeta): Promise<{ registrationToken: string }> {
    await this.registrationsPerEmail.consume(email);
    const registrationToken = generateToken();
    const code = generateNumericCode();
    await this.db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, email);
      await repo.deleteRegistrationsOfEmail(tx, email);
      const registration = await repo.insertRegistration(tx, {
        email,
        tokenHash: hashToken(registrationToken),
        codeHash: 'pending',
        codeExpiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
        expiresAt: new Date(Date.now() + REGISTRATION_TTL_MS),
      });
      // For an existing account the stored hash matches no code, so verification can never succeed.
      const codeHash = existing ? generateToken() : this.codeHash(registration.id, code);
      await repo.updateRegistration(tx, registration.id, { codeHash });
      const mail = existing
        ? mailTemplates.alreadyRegistered({ loginUrl: `${this.config.APP_URL}/login` })
        : mailTemplates.verificationCode({ code, minutes: CODE_TTL_MINUTES });
      await this.mailer.enqueue(tx, {
        kind: existing ? 'auth.already-registered' : 'auth.verification',
        to: [email],
        ...mail,
      });
      await writeAudit(tx, meta, 'auth.register', {
        entity: 'pending_registration',
        entityId: registration.id,
      });
    });
    return { registrationToken };
  }

  private async openRegistration(
    registrationToken: string | undefined,
  ): Promise<repo.PendingRegistrationRow> {
    if (!registrationToken) throw new AppError('REGISTRATION_NOT_STARTED');
    const registration = await repo.findRegistrationByTokenHash(this.db, hashToken(registrationToken));
    if (!registration) throw new AppError('REGISTRATION_NOT_STARTED');
    return registration;
  }

  async verifyEmail(registrationToken: string | undefined, code: string, meta: RequestMeta): Promise<void> {
    const registration = await this.openRegistration(registrationToken);
    if (registration.verifiedAt) return;
    if (registration.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (registration.codeExpiresAt <= new Date()) throw new AppError('CODE_EXPIRED');
    // The attempt is counted before the code is compared, in one statement that refuses past the limit:
    // parallel guesses (on any replica) get at most CODE_MAX_ATTEMPTS comparisons in all.
    const attempts = await repo.takeRegistrationAttempt(this.db, registration.id, CODE_MAX_ATTEMPTS);
    if (attempts === null) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    const matches = safeEqualHex(registration.codeHash, this.codeHash(registration.id, code));
    if (!matches)
      throw new AppError(attempts >= CODE_MAX_ATTEMPTS ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID');
    await this.db.transaction(async (tx) => {
      // Single use: the hash is replaced, so the same code can never verify again.
      await repo.updateRegistration(tx, registration.id, {
        verifiedAt: new Date(),
        codeHash: generateToken(),
      });
      await writeAudit(tx, meta, 'auth.verify-email', {
        entity: 'pending_registration',
        entityId: registration.id,
      });
    });
  }

  async resendVerification(registrationToken: string | undefined, meta: RequestMeta): Promise<void> {
    const registration = await this.openRegistration(registrationToken);
    if (registration.verifiedAt) return;
    const waitMs = registration.lastSentAt.getTime() + RESEND_MIN_INTERVAL_MS - Date.now();
    if (waitMs > 0) throw new AppError('RATE_LIMITED', { seconds: Math.ceil(waitMs / 1000) });
    if (registration.sendCount >= MAX_SENDS_PER_REGISTRATION) {
      throw new AppError('RATE_LIMITED', { seconds: Math.ceil(REGISTRATION_TTL_MS / 1000 / 60) * 60 });
    }
    await this.db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, registration.email);
      const code = generateNumericCode();
      await repo.updateRegistration(tx, registration.id, {
        codeHash: existing ? generateToken() : this.codeHash(registration.id, code),
        codeExpiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
        attempts: 0,
        lastSentAt: new Date(),
        sendCount: registration.sendCount + 1,
      });
      const mail = existing
        ? mailTemplates.alreadyRegistered({ loginUrl: `${this.config.APP_URL}/login` })
        : mailTemplates.verificationCode({ code, minutes: CODE_TTL_MINUTES });
      await this.mailer.enqueue(tx, {
        kind: existing ? 'auth.already-registered' : 'auth.verification',
        to: [registration.email],
        ...mail,
      });
      await writeAudit(tx, meta, 'auth.resend-verification', {
        entity: 'pending_registration',
        entityId: registration.id,
      });
    });
  }

  async completeRegistration(
    registrationToken: string | undefined,
    input: { name: string; password: string },
    meta: RequestMeta,
  ): Promise<SignedIn> {
    const registration = await this.openRegistration(registrationToken);
    if (!registration.verifiedAt) throw new AppError('REGISTRATION_NOT_VERIFIED');
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      if (await repo.findUserByEmail(tx, registration.email)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      const created = await repo.insertUser(tx, {
        name: input.name,
        email: registration.email,
        passwordHash,
        role: this.roleForNewUser(registration.email),
      });
      await repo.deleteRegistrationsOfEmail(tx, registration.email);
      // A company that invited this (now verified) e-mail gets its new member with the invite's role.
      const user = await this.onUserVerified(tx, created, meta);
      const session = await this.sessions.create(tx, user.id, meta);
      await writeAudit(
        tx,
        { ...meta, userId: user.id, empresaId: user.empresaId },
        'auth.complete-registration',
        {
          entity: 'user',
          entityId: user.id,
        },
      );
      return {
        access_token: session.token,
        sessionId: session.sessionId,
        user: toPublicUser(user),
        deviceToken: issueDeviceToken(user.id, passwordHash),
      };
    });
  }

  /**
   * Password sign-in (ADR 0013). From a known device (its signed cookie, or a live session of the same
   * account) the right password always passes; only that device's own failures are limited. From an
   * unknown device each account gets a few free attempts, then delays that double per failure, and the
   * owner is told once by e-mail. Unknown e-mails are throttled alike, so answers reveal nothing.
   */
  async login(
    email: string,
    password: string,
    meta: RequestMeta,
    device: LoginDevice = {},
  ): Promise<SignedIn> {
    const user = await repo.findUserByEmail(this.db, email);
    const usable = user?.passwordHash && !user.disabledAt ? user : undefined;
    const deviceTag = usable
      ? device.sessionUserId === usable.id
        ? 'session'
        : knownDeviceTag(device.deviceToken, usable)
      : null;
    const knownKey = `login:${email}:${deviceTag}`;
    let noticeAfter: number | null = null;
    if (deviceTag) await this.knownDeviceFailures.consume(knownKey);
    else {
      const admission = await this.loginThrottle.admit(email);
      if (admission.wait) throw new AppError('LOGIN_THROTTLED', { seconds: admission.seconds });
      if (admission.startsThrottling) noticeAfter = admission.failures;
    }
    if (!usable) {
      await verifyAgainstDummy(password);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (!(await verifyPassword(usable.passwordHash!, password))) {
      if (noticeAfter !== null) await this.noticeThrottling(usable, noticeAfter, meta);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (deviceTag) await this.knownDeviceFailures.reset(knownKey);
    else await this.loginThrottle.succeeded(email);
    return this.db.transaction(async (tx) => {
      const session = await this.sessions.create(tx, usable.id, meta);
      await writeAudit(tx, { ...meta, userId: usable.id, empresaId: usable.empresaId }, 'auth.login', {
        entity: 'session',
        entityId: session.sessionId,
        details: { knownDevice: Boolean(deviceTag) },
      });
      return {
        access_token: session.token,
        sessionId: session.sessionId,
        user: toPublicUser(usable),
        deviceToken: issueDeviceToken(usable.id, usable.passwordHash!),
      };
    });
  }

  /** Tells the owner, once per episode, that sign-ins from unknown devices are being slowed down. */
  private async noticeThrottling(user: repo.UserRow, failures: number, meta: RequestMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.mailer.enqueue(tx, {
        kind: 'auth.login-throttled',
        to: [user.email],
        ...mailTemplates.loginThrottled({
          failures,
          changePasswordUrl: `${this.config.APP_URL}/configuracoes/alterar-senha`,
        }),
      });
      await writeAudit(tx, { ...meta, userId: null, empresaId: user.empresaId }, 'auth.login-throttled', {
        entity: 'user',
        entityId: user.id,
        details: { failures },
      });
    });
  }

  /** Signs in a user found or created by an external identity (OIDC). */
  async signInUser(userId: string, meta: RequestMeta, action: string): Promise<SignedIn> {
    return this.db.transaction(async (tx) => {
      const user = await repo.findUserById(tx, userId);
      if (!user || user.disabledAt) throw new AppError('UNAUTHENTICATED');
      const session = await this.sessions.create(tx, user.id, meta);
      await writeAudit(tx, { ...meta, userId: user.id, empresaId: user.empresaId }, action, {
        entity: 'session',
        entityId: session.sessionId,
      });
      return { access_token: session.token, sessionId: session.sessionId, user: toPublicUser(user) };
    });
  }

  async logout(auth: AuthContext | null, meta: RequestMeta): Promise<void> {
    if (!auth) return;
    await this.db.transaction(async (tx) => {
      await this.sessions.revoke(tx, auth.sessionId);
      await writeAudit(tx, { ...meta, userId: auth.user.id, empresaId: auth.user.empresaId }, 'auth.logout', {
        entity: 'session',
        entityId: auth.sessionId,
      });
    });
  }

  async updateProfile(
    auth: AuthContext,
    input: { receiveEmailCopy: boolean },
    meta: RequestMeta,
  ): Promise<User> {
    return this.db.transaction(async (tx) => {
      const user = await repo.updateUser(tx, auth.user.id, { receiveEmailCopy: input.receiveEmailCopy });
      await writeAudit(tx, { ...meta, userId: user.id, empresaId: user.empresaId }, 'auth.profile', {
        entity: 'user',
        entityId: user.id,
        details: input,
      });
      return toPublicUser(user);
    });
  }

  /** Changes the password and ends every other session of the user. */
  async changePassword(
    auth: AuthContext,
    input: { currentPassword: string; newPassword: string },
    meta: RequestMeta,
  ): Promise<void> {
    const limiterKey = `change-password:${auth.user.id}`;
    this.knownDeviceFailures.consume(limiterKey);
    const user = await repo.findUserById(this.db, auth.user.id);
    if (!user?.passwordHash) throw new AppError('PASSWORD_NOT_SET');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('CURRENT_PASSWORD_WRONG');
    if (input.currentPassword === input.newPassword) throw new AppError('PASSWORD_SAME_AS_CURRENT');
    this.knownDeviceFailures.reset(limiterKey);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash });
      await this.sessions.revokeAllForUser(tx, user.id, auth.sessionId);
      await this.mailer.enqueue(tx, {
        kind: 'auth.password-changed',
        to: [user.email],
        ...mailTemplates.passwordChanged(),
      });
      await writeAudit(tx, { ...meta, userId: user.id, empresaId: user.empresaId }, 'auth.change-password', {
        entity: 'user',
        entityId: user.id,
      });
    });
  }
}
