import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    role: text({ enum: ['desenvolvedor', 'supervisor', 'analista', 'usuario'] })
      .notNull()
      .default('usuario'),
    empresaId: uuid().references(() => empresas.id, { onDelete: 'set null' }),
    receiveEmailCopy: boolean().notNull().default(false),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email), index('users_empresa_idx').on(table.empresaId)],
);

/** External sign-in identities, keyed by (issuer, subject) and never by the e-mail claim alone. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_issuer_subject_key').on(table.issuer, table.subject),
    index('user_identities_user_idx').on(table.userId),
  ],
);

/** Server-side sessions; only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** A registration between `register` and `complete-registration`, identified by an HttpOnly cookie. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    tokenHash: text().notNull(),
    codeHash: text().notNull(),
    codeExpiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    verifiedAt: timestamp({ withTimezone: true }),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sendCount: integer().notNull().default(1),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pending_registrations_token_hash_key').on(table.tokenHash),
    index('pending_registrations_email_idx').on(table.email),
  ],
);

/** An OIDC sign-in in progress: state, PKCE verifier and nonce, bound to the browser by a cookie (S7). */
export const oauthTransactions = pgTable(
  'oauth_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text({ enum: ['google', 'microsoft'] }).notNull(),
    stateHash: text().notNull(),
    browserHash: text().notNull(),
    codeVerifier: text().notNull(),
    nonce: text().notNull(),
    redirectUri: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('oauth_transactions_state_hash_key').on(table.stateHash)],
);

/**
 * A password reset between `forgot-password` and `reset-password`, identified by an HttpOnly cookie.
 * Made for any e-mail (no enumeration); `userId` is null when no account with a password matched.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    codeHash: text().notNull(),
    codeExpiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_key').on(table.tokenHash),
    index('password_resets_email_idx').on(table.email),
  ],
);
