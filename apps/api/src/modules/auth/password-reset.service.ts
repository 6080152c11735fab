import { createHmac } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.js';
import type { Database, Executor } from '../../db/client.js';
import { passwordResets } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { type Limits, SharedLimiter } from '../../lib/shared-limits.js';
import { generateNumericCode, generateToken, hashToken, safeEqualHex } from '../../lib/tokens.js';
import type { Mailer } from '../../mail/mailer.js';
import { mailTemplates } from '../../mail/templates.js';
import type { RequestMeta } from '../../plugins/request-context.js';
import type { SessionService } from '../../plugins/sessions.js';
import * as repo from './auth.repository.js';

export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_REQUESTS_PER_HOUR = 5;

type ResetRow = typeof passwordResets.$inferSelect;

/**
 * Password reset by a 6-digit code mailed to the account (ADR 0005's registration-code rules): CSPRNG,
 * stored as HMAC, 15 minutes, single use, 5 wrong attempts. Every e-mail gets the same answer and a
 * reset cookie; only an account with a password gets a code, a Google/Microsoft-only account gets a
 * mail telling it to use its provider, an unknown e-mail gets nothing. The reset ends every session.
 */
export class PasswordResetService {
  private readonly requestsPerEmail: SharedLimiter;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    limits: Limits,
  ) {
    this.requestsPerEmail = new SharedLimiter(limits.counters, 'reset', RESET_REQUESTS_PER_HOUR, 60 * 60_000);
  }

  private codeHash(resetId: string, code: string): string {
    return createHmac('sha256', resetId).update(code).digest('hex');
  }

  async request(email: string, meta: RequestMeta): Promise<{ resetToken: string }> {
    await this.requestsPerEmail.consume(email);
    const resetToken = generateToken();
    const code = generateNumericCode();
    await this.db.transaction(async (tx) => {
      const user = await repo.findUserByEmail(tx, email);
      const usable = user && !user.disabledAt ? user : undefined;
      await deleteStaleResets(tx, email);
      const [reset] = await tx
        .insert(passwordResets)
        .values({
          email,
          userId: usable?.passwordHash ? usable.id : null,
          tokenHash: hashToken(resetToken),
          codeHash: 'pending',
          codeExpiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
        })
        .returning();
      // Without an account with a password the stored hash matches no code: the reset cannot succeed.
      const codeHash = usable?.passwordHash ? this.codeHash(reset!.id, code) : generateToken();
      await tx.update(passwordResets).set({ codeHash }).where(eq(passwordResets.id, reset!.id));
      if (usable?.passwordHash) {
        await this.mailer.enqueue(tx, {
          kind: 'auth.password-reset',
          to: [email],
          ...mailTemplates.passwordResetCode({ code, minutes: RESET_CODE_TTL_MINUTES }),
        });
      } else if (usable) {
        await this.mailer.enqueue(tx, {
          kind: 'auth.password-reset-provider',
          to: [email],
          ...mailTemplates.passwordResetProvider({ loginUrl: `${this.config.APP_URL}/login` }),
        });
      }
      await writeAudit(tx, { ...meta, userId: usable?.id ?? null }, 'auth.forgot-password', {
        entity: 'password_reset',
        entityId: reset!.id,
      });
    });
    return { resetToken };
  }

  async reset(
    resetToken: string | undefined,
    input: { code: string; password: string },
    meta: RequestMeta,
  ): Promise<void> {
    const reset = resetToken ? await findReset(this.db, hashToken(resetToken)) : undefined;
    if (!reset) throw new AppError('RESET_NOT_STARTED');
    if (reset.attempts >= RESET_CODE_MAX_ATTEMPTS) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (reset.codeExpiresAt <= new Date()) throw new AppError('CODE_EXPIRED');
    // Counted before the comparison, refused past the limit in the same statement (issue 29): parallel
    // guesses on any replica get at most RESET_CODE_MAX_ATTEMPTS comparisons in all.
    const [taken] = await this.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(eq(passwordResets.id, reset.id), lt(passwordResets.attempts, RESET_CODE_MAX_ATTEMPTS)))
      .returning({ attempts: passwordResets.attempts });
    if (!taken) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (!reset.userId || !safeEqualHex(reset.codeHash, this.codeHash(reset.id, input.code))) {
      throw new AppError(
        taken.attempts >= RESET_CODE_MAX_ATTEMPTS ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID',
      );
    }
    const userId = reset.userId;
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      // Single use: only the request that deletes the row changes the password.
      const [used] = await tx
        .delete(passwordResets)
        .where(eq(passwordResets.id, reset.id))
        .returning({ id: passwordResets.id });
      if (!used) throw new AppError('RESET_NOT_STARTED');
      const user = await repo.findUserById(tx, userId);
      if (!user || user.disabledAt) throw new AppError('RESET_NOT_STARTED');
      await repo.updateUser(tx, user.id, { passwordHash });
      await this.sessions.revokeAllForUser(tx, user.id);
      await tx.delete(passwordResets).where(eq(passwordResets.email, reset.email));
      await this.mailer.enqueue(tx, {
        kind: 'auth.password-reset-done',
        to: [user.email],
        ...mailTemplates.passwordResetDone(),
      });
      await writeAudit(tx, { ...meta, userId: user.id, empresaId: user.empresaId }, 'auth.reset-password', {
        entity: 'user',
        entityId: user.id,
      });
    });
  }
}

async function findReset(executor: Executor, tokenHash: string): Promise<ResetRow | undefined> {
  const [row] = await executor
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** A new request replaces the e-mail's earlier ones; expired rows of anyone go too. */
async function deleteStaleResets(executor: Executor, email: string): Promise<void> {
  await executor
    .delete(passwordResets)
    .where(
      or(
        eq(passwordResets.email, email),
        lt(passwordResets.codeExpiresAt, new Date(Date.now() - 24 * 3_600_000)),
      ),
    );
}
