import type { Executor } from '../../db/client.js';
import { checkedTenant } from '../../db/tenant.js';
import { type AuditContext, writeAudit } from '../../lib/audit.js';
import { linkUser, type UserRow } from './empresas.repository.js';
import { findNewestOpenInviteOfEmail, markInviteActivated } from './invites.repository.js';

/**
 * Links a user who has just registered to the company that invited their (verified) e-mail, with the
 * invite's role, and marks the invite 'Ativado'. Runs in the registration's transaction.
 */
export async function linkInvitedUser(tx: Executor, user: UserRow, meta: AuditContext): Promise<UserRow> {
  if (user.role === 'desenvolvedor' || user.empresaId) return user;
  const invite = await findNewestOpenInviteOfEmail(tx, user.email);
  if (!invite) return user;
  const tenant = checkedTenant(invite.empresaId);
  const linked = await linkUser(tx, tenant, user.id, invite.role);
  await markInviteActivated(tx, tenant, invite.id, user.id);
  await writeAudit(tx, { ...meta, userId: user.id, empresaId: invite.empresaId }, 'empresa.invite.activate', {
    entity: 'pending_invite',
    entityId: invite.id,
    details: { role: invite.role },
  });
  return linked;
}
