import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';
import { users } from './users.js';

/** Roles a company grants to its members (a desenvolvedor is platform staff, never a member). */
export const MEMBER_ROLES = ['supervisor', 'analista'] as const;
export const JOIN_REQUEST_STATUSES = ['pendente', 'aprovada', 'rejeitada', 'cancelada'] as const;

/**
 * A person invited by e-mail to a company before having an account; linked when they register with it.
 * Tenant-owned: every query goes through the tenant scope (modules/empresas/tenant.ts), except the
 * invited person's own look-ups by e-mail or by the token of the invitation link.
 */
export const pendingInvites = pgTable(
  'pending_invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text(),
    role: text({ enum: MEMBER_ROLES }).notNull().default('analista'),
    /** SHA-256 of the 256-bit token carried by the invitation link (S5). */
    tokenHash: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
    activatedUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('pending_invites_empresa_created_idx').on(table.empresaId, table.createdAt),
    uniqueIndex('pending_invites_empresa_email_open_key')
      .on(table.empresaId, table.email)
      .where(sql`${table.activatedAt} is null`),
    // The invited person's look-ups (registration, invitation link) cross tenants by nature.
    index('pending_invites_email_idx').on(table.email),
    index('pending_invites_token_hash_idx').on(table.tokenHash),
  ],
);

/** A signed-in user's request to join a company; the company's supervisors approve or reject it. */
export const empresaJoinRequests = pgTable(
  'empresa_join_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: JOIN_REQUEST_STATUSES }).notNull().default('pendente'),
    /** The role granted on approval. */
    role: text({ enum: MEMBER_ROLES }),
    motivo: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('empresa_join_requests_empresa_status_idx').on(table.empresaId, table.status, table.createdAt),
    uniqueIndex('empresa_join_requests_empresa_user_pending_key')
      .on(table.empresaId, table.userId)
      .where(sql`${table.status} = 'pendente'`),
    // The requester's own view ("aguardando aprovação") crosses tenants by nature.
    index('empresa_join_requests_user_idx').on(table.userId, table.createdAt),
  ],
);
