import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** The mailbox providers a desenvolvedor can connect with OAuth (issue 34). */
export const MAIL_PROVIDERS = ['gmail', 'microsoft'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

/**
 * 'ok': syncing; 'erro': the last sync failed (`last_error`, pt-BR; retried); 'reconectar': the provider
 * refused the stored authorization (revoked, expired refresh token) — nothing is retried until a
 * desenvolvedor connects again; 'desconectada': disconnected by a desenvolvedor (tokens revoked and wiped).
 */
export const MAIL_CONNECTION_STATES = ['ok', 'erro', 'reconectar', 'desconectada'] as const;
export type MailConnectionState = (typeof MAIL_CONNECTION_STATES)[number];

/**
 * A mailbox connected with OAuth (Gmail, Microsoft 365). Like the IMAP mailbox it is platform-wide: it
 * receives the replies of every company (one reply address, ADR 0010) and the reply token decides the
 * company, never the mailbox. Tokens are stored only encrypted (AES-256-GCM, `lib/secrets.ts`).
 */
export const mailConnections = pgTable(
  'mail_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text({ enum: MAIL_PROVIDERS }).notNull(),
    /** The mailbox address, lower-case, as the provider reported it. */
    email: text().notNull(),
    /** `secrets.seal(JSON {accessToken, refreshToken, scope})`; never returned by any route. */
    tokens: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }),
    /** Where incremental sync resumes: Gmail's historyId, Microsoft Graph's deltaLink. */
    syncCursor: text(),
    /** Push: Graph's subscription id (Gmail's watch has none); `watch_expires_at` drives the renewal job. */
    watchId: text(),
    watchExpiresAt: timestamp({ withTimezone: true }),
    /** Gmail push: the Pub/Sub topic `projects/<p>/topics/<t>` the watch publishes to (renewed with it). */
    watchTopic: text(),
    /**
     * SHA-256 (hex) of the secret Graph echoes as `clientState` in each change notification of the
     * subscription `watch_id`: a notification without it is refused (401). The secret itself is not kept.
     */
    watchSecretHash: text(),
    state: text({ enum: MAIL_CONNECTION_STATES }).notNull().default('ok'),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    messagesReceived: integer().notNull().default(0),
    /** One process syncs a mailbox at a time (like `mailbox_state`). */
    leaseOwner: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    connectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_connections_provider_email_key').on(t.provider, t.email),
    index('mail_connections_watch_expires_idx').on(t.watchExpiresAt).where(sql`${t.state} = 'ok'`),
  ],
);

/**
 * An authorization started from 'Gerar link de autorização' and not yet exchanged: the OAuth `state`
 * (stored as its SHA-256) and the PKCE code verifier (sealed), for 10 minutes, bound to the user who asked.
 */
export const mailOauthRequests = pgTable(
  'mail_oauth_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text({ enum: MAIL_PROVIDERS }).notNull(),
    stateHash: text().notNull(),
    codeVerifier: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_oauth_requests_state_key').on(t.stateHash),
    index('mail_oauth_requests_user_idx').on(t.userId, t.createdAt),
  ],
);
