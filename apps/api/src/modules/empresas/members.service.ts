import {
  type AssignUserBody,
  type AssignUserResponse,
  type CompanyUser,
  type CreatePendingUserBody,
  formatMessage,
  type JoinRequest,
  type JoinRequestStatus,
  type MemberListQuery,
  type MemberRole,
  type PendingInvite,
  successMessages,
  type User,
} from '@cotacoes/shared';
import type { AppConfig } from '../../config/env.js';
import type { Database, Executor } from '../../db/client.js';
import { checkedTenant, type Tenant, tenantOfUser } from '../../db/tenant.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import type { Mailer } from '../../mail/mailer.js';
import { mailTemplates } from '../../mail/templates.js';
import type { AuthContext, RequestMeta } from '../../plugins/request-context.js';
import type { SessionService } from '../../plugins/sessions.js';
import { findUserByEmail, findUserById, toPublicUser } from '../../read-models/users.js';
import { toCompanyUser, toJoinRequest, toPendingInvite } from './empresas.dto.js';
import * as repo from './empresas.repository.js';
import * as invites from './invites.repository.js';
import * as joins from './join-requests.repository.js';

type Target = { tenant: Tenant; empresa: repo.EmpresaRow };

function canManage(auth: AuthContext): boolean {
  return auth.user.role === 'desenvolvedor' || auth.user.role === 'supervisor';
}

/**
 * Company members, invites and join requests (spec 000 §2 "Company user management", §4, §7). A
 * desenvolvedor manages any company; a supervisor only their own, and any other company's id answers 404.
 */
export class MembersService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
  ) {}

  private link(path: string): string {
    return `${this.config.APP_URL}${path}`;
  }

  /** The company named by a path or body id, if the caller may manage it (else 404, never 403). */
  private async target(executor: Executor, auth: AuthContext, empresaId: string): Promise<Target> {
    if (!canManage(auth)) throw new AppError('FORBIDDEN');
    if (auth.user.role !== 'desenvolvedor' && tenantOfUser(auth.user).empresaId !== empresaId)
      throw new AppError('EMPRESA_NOT_FOUND');
    const empresa = await repo.findEmpresaById(executor, empresaId);
    if (!empresa) throw new AppError('EMPRESA_NOT_FOUND');
    return { tenant: checkedTenant(empresa.id), empresa };
  }

  /** The caller's own company (a desenvolvedor's visão), for the my-company routes. */
  private ownTenant(auth: AuthContext): Tenant {
    if (!canManage(auth)) throw new AppError('FORBIDDEN');
    return tenantOfUser(auth.user);
  }

  // ---- lists ----

  async listUsers(
    auth: AuthContext,
    empresaId: string | 'mine',
    query: MemberListQuery,
  ): Promise<CompanyUser[]> {
    const tenant =
      empresaId === 'mine' ? this.ownTenant(auth) : (await this.target(this.db, auth, empresaId)).tenant;
    return (await repo.listMembers(this.db, tenant, query)).map(toCompanyUser);
  }

  async listInvites(
    auth: AuthContext,
    empresaId: string | 'mine',
    query: MemberListQuery,
  ): Promise<PendingInvite[]> {
    const tenant =
      empresaId === 'mine' ? this.ownTenant(auth) : (await this.target(this.db, auth, empresaId)).tenant;
    return (await invites.listInvites(this.db, tenant, query)).map(toPendingInvite);
  }

  // ---- linking and inviting ----

  /** Links an existing account now, or invites an unknown e-mail (spec: 'existing_user' | 'pending_user'). */
  async assignUser(auth: AuthContext, body: AssignUserBody, meta: RequestMeta): Promise<AssignUserResponse> {
    return this.db.transaction(async (tx) => {
      const { tenant, empresa } = await this.target(tx, auth, body.empresaId);
      const existing = await findUserByEmail(tx, body.userEmail);
      if (!existing) {
        const { invite, resent } = await this.upsertInvite(
          tx,
          auth,
          { tenant, empresa },
          body.userEmail,
          body,
          meta,
        );
        return {
          type: 'pending_user' as const,
          message: formatMessage(resent ? successMessages.inviteResent : successMessages.inviteSent, {
            email: invite.email,
          }),
          invite: toPendingInvite(invite),
        };
      }
      if (existing.role === 'desenvolvedor') throw new AppError('DEVELOPER_NOT_LINKABLE');
      if (existing.id === auth.user.id) throw new AppError('CANNOT_CHANGE_OWN_LINK');
      if (existing.empresaId && existing.empresaId !== empresa.id)
        throw new AppError('USER_IN_OTHER_EMPRESA');
      const auditMeta = { ...meta, empresaId: empresa.id };
      if (existing.empresaId === empresa.id) {
        if (existing.role === body.role)
          throw new AppError('USER_ALREADY_IN_EMPRESA', { role: existing.role });
        const updated = await repo.linkUser(tx, tenant, existing.id, body.role);
        await writeAudit(tx, auditMeta, 'empresa.member.role', {
          entity: 'user',
          entityId: existing.id,
          details: { from: existing.role, to: body.role },
        });
        return {
          type: 'existing_user' as const,
          message: formatMessage(successMessages.userRoleChanged, { role: body.role }),
          user: toCompanyUser(updated),
        };
      }
      const linked = await this.linkMember(tx, tenant, existing.id, existing.email, body.role);
      await this.mailer.enqueue(tx, {
        kind: 'empresa.linked',
        to: [existing.email],
        empresaId: empresa.id,
        ...mailTemplates.linked({
          empresa: empresa.nome,
          inviter: auth.user.name,
          role: body.role,
          url: this.link('/'),
        }),
      });
      await writeAudit(tx, auditMeta, 'empresa.member.link', {
        entity: 'user',
        entityId: existing.id,
        details: { role: body.role },
      });
      return {
        type: 'existing_user' as const,
        message: successMessages.userLinked,
        user: toCompanyUser(linked),
      };
    });
  }

  /** An invite for an e-mail without an account (`POST /empresas/pending-users`). */
  async createInvite(
    auth: AuthContext,
    body: CreatePendingUserBody,
    meta: RequestMeta,
  ): Promise<PendingInvite> {
    return this.db.transaction(async (tx) => {
      const target = await this.target(tx, auth, body.empresaId);
      if (await findUserByEmail(tx, body.email)) throw new AppError('USER_ALREADY_REGISTERED');
      const { invite } = await this.upsertInvite(tx, auth, target, body.email, body, meta);
      return toPendingInvite(invite);
    });
  }

  /** Creates the invite, or renews an open one of the same e-mail (new role, new link), and mails it. */
  private async upsertInvite(
    tx: Executor,
    auth: AuthContext,
    { tenant, empresa }: Target,
    email: string,
    input: { name: string | null; role: MemberRole },
    meta: RequestMeta,
  ): Promise<{ invite: invites.InviteRow; resent: boolean }> {
    const token = generateToken();
    const open = await invites.findOpenInviteForEmail(tx, tenant, email);
    const invite = open
      ? await invites.updateInvite(tx, tenant, open.id, {
          name: input.name ?? open.name,
          role: input.role,
          tokenHash: hashToken(token),
          createdBy: auth.user.id,
        })
      : await invites.insertInvite(tx, tenant, {
          email,
          name: input.name,
          role: input.role,
          tokenHash: hashToken(token),
          createdBy: auth.user.id,
        });
    const url = this.link(`/register?${new URLSearchParams({ email, convite: token })}`);
    await this.mailer.enqueue(tx, {
      kind: 'empresa.invite',
      to: [email],
      empresaId: empresa.id,
      ...mailTemplates.invite({
        empresa: empresa.nome,
        inviter: auth.user.name,
        role: input.role,
        email,
        url,
      }),
    });
    await writeAudit(
      tx,
      { ...meta, empresaId: empresa.id },
      open ? 'empresa.invite.resend' : 'empresa.invite.create',
      {
        entity: 'pending_invite',
        entityId: invite.id,
        details: { role: input.role },
      },
    );
    return { invite, resent: Boolean(open) };
  }

  /** Makes the user a member; their other pending join requests end and an open invite is 'Ativado'. */
  private async linkMember(
    tx: Executor,
    tenant: Tenant,
    userId: string,
    email: string,
    role: MemberRole,
  ): Promise<repo.UserRow> {
    const linked = await repo.linkUser(tx, tenant, userId, role);
    await joins.cancelPendingJoinRequestsOfUser(tx, userId);
    const invite = await invites.findOpenInviteForEmail(tx, tenant, email);
    if (invite) await invites.markInviteActivated(tx, tenant, invite.id, userId);
    return linked;
  }

  async deleteInvite(auth: AuthContext, inviteId: string, meta: RequestMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      const tenant =
        auth.user.role === 'desenvolvedor'
          ? await invites.findInviteEmpresaId(tx, inviteId).then((id) => (id ? checkedTenant(id) : undefined))
          : this.ownTenant(auth);
      const invite = tenant ? await invites.findInvite(tx, tenant, inviteId) : undefined;
      if (!tenant || !invite) throw new AppError('INVITE_NOT_FOUND');
      await invites.deleteInvite(tx, tenant, invite.id);
      await writeAudit(tx, { ...meta, empresaId: invite.empresaId }, 'empresa.invite.delete', {
        entity: 'pending_invite',
        entityId: invite.id,
        details: { activated: invite.activatedAt !== null },
      });
    });
  }

  /** Ends a membership: no company, the default role, and every session of the user ends. */
  async unlinkUser(auth: AuthContext, userId: string, meta: RequestMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      let tenant: Tenant | undefined;
      if (auth.user.role === 'desenvolvedor') {
        const target = await findUserById(tx, userId);
        tenant = target?.empresaId ? checkedTenant(target.empresaId) : undefined;
      } else {
        tenant = this.ownTenant(auth);
      }
      const member = tenant ? await repo.findMember(tx, tenant, userId) : undefined;
      if (!tenant || !member) throw new AppError('USER_NOT_FOUND');
      if (member.id === auth.user.id) throw new AppError('CANNOT_CHANGE_OWN_LINK');
      await repo.unlinkMember(tx, tenant, member.id);
      await this.sessions.revokeAllForUser(tx, member.id);
      await writeAudit(tx, { ...meta, empresaId: tenant.empresaId }, 'empresa.member.unlink', {
        entity: 'user',
        entityId: member.id,
        details: { role: member.role },
      });
    });
  }

  /** What the invitation link shows on the register page; 404 once used or removed. */
  async inviteInfo(token: string) {
    const invite = await invites.findOpenInviteByTokenHash(this.db, hashToken(token));
    if (!invite) throw new AppError('INVITE_NOT_FOUND');
    return {
      email: invite.email,
      name: invite.name,
      role: invite.role,
      empresa: { nome: invite.empresaNome },
    };
  }

  // ---- join requests ----

  /**
   * Asks to join the company whose CNPJ the caller knows. The company's supervisors decide; an e-mail the
   * company invited is linked at once. A new request replaces the caller's pending one elsewhere.
   */
  async join(
    auth: AuthContext,
    empresaId: string,
    cnpj: string,
    meta: RequestMeta,
  ): Promise<JoinRequest & { user: User }> {
    return this.db.transaction(async (tx) => {
      const me = await findUserById(tx, auth.user.id);
      if (!me) throw new AppError('UNAUTHENTICATED');
      if (me.role === 'desenvolvedor') throw new AppError('DEVELOPER_NOT_LINKABLE');
      if (me.empresaId) throw new AppError('USER_ALREADY_LINKED');
      const empresa = await repo.findEmpresaById(tx, empresaId);
      if (!empresa) throw new AppError('EMPRESA_NOT_FOUND');
      if (empresa.cnpj !== cnpj) throw new AppError('JOIN_CNPJ_MISMATCH');
      // Knowing the company's CNPJ lets the caller ask; the request itself belongs to the company.
      const tenant = checkedTenant(empresa.id);
      const requester = { id: me.id, name: me.name, email: me.email };
      const view = (row: joins.JoinRequestRow): joins.JoinRequestView => ({
        ...row,
        empresa: { id: empresa.id, nome: empresa.nome, codigo: empresa.codigo },
        requester,
      });
      const auditMeta = { ...meta, empresaId: empresa.id };

      const invite = await invites.findOpenInviteForEmail(tx, tenant, me.email);
      if (invite) {
        const linked = await this.linkMember(tx, tenant, me.id, me.email, invite.role);
        const row = await joins.insertJoinRequest(tx, tenant, {
          userId: me.id,
          status: 'aprovada',
          role: invite.role,
          decidedBy: invite.createdBy,
          decidedAt: new Date(),
        });
        await writeAudit(tx, auditMeta, 'empresa.join.invited', {
          entity: 'empresa_join_request',
          entityId: row.id,
          details: { inviteId: invite.id, role: invite.role },
        });
        return { ...toJoinRequest(view(row)), user: toPublicUser(linked) };
      }

      const current = await joins.findLatestJoinRequestOfUser(tx, me.id);
      if (current?.status === 'pendente' && current.empresaId === empresa.id) {
        return { ...toJoinRequest(current), user: toPublicUser(me) };
      }
      await joins.cancelPendingJoinRequestsOfUser(tx, me.id);
      const row = await joins.insertJoinRequest(tx, tenant, { userId: me.id });
      const supervisors = await repo.listSupervisorEmails(tx, tenant);
      if (supervisors.length) {
        await this.mailer.enqueue(tx, {
          kind: 'empresa.join-requested',
          to: supervisors,
          empresaId: empresa.id,
          ...mailTemplates.joinRequested({
            empresa: empresa.nome,
            name: me.name,
            email: me.email,
            url: this.link('/empresas/users'),
          }),
        });
      }
      await writeAudit(tx, auditMeta, 'empresa.join.request', {
        entity: 'empresa_join_request',
        entityId: row.id,
      });
      return { ...toJoinRequest(view(row)), user: toPublicUser(me) };
    });
  }

  /** The caller's latest join request ("aguardando aprovação", or how it was decided). */
  async myJoinRequest(auth: AuthContext): Promise<JoinRequest | null> {
    const view = await joins.findLatestJoinRequestOfUser(this.db, auth.user.id);
    return view ? toJoinRequest(view) : null;
  }

  async listJoinRequests(auth: AuthContext, status: JoinRequestStatus | 'all'): Promise<JoinRequest[]> {
    return (await joins.listJoinRequests(this.db, this.ownTenant(auth), status)).map(toJoinRequest);
  }

  async approveJoinRequest(
    auth: AuthContext,
    id: string,
    role: MemberRole,
    meta: RequestMeta,
  ): Promise<JoinRequest> {
    return this.db.transaction(async (tx) => {
      const tenant = this.ownTenant(auth);
      const request = await this.pendingRequest(tx, tenant, id);
      const requester = await findUserById(tx, request.userId);
      if (!requester || requester.empresaId || requester.role === 'desenvolvedor')
        throw new AppError('JOIN_REQUESTER_LINKED');
      await this.linkMember(tx, tenant, requester.id, requester.email, role);
      await joins.decideJoinRequest(tx, tenant, id, {
        status: 'aprovada',
        role,
        motivo: null,
        decidedBy: auth.user.id,
      });
      const view = (await joins.findJoinRequestView(tx, tenant, id))!;
      await this.mailer.enqueue(tx, {
        kind: 'empresa.join-approved',
        to: [requester.email],
        empresaId: tenant.empresaId,
        ...mailTemplates.joinApproved({ empresa: view.empresa.nome, role, url: this.link('/') }),
      });
      await writeAudit(tx, { ...meta, empresaId: tenant.empresaId }, 'empresa.join.approve', {
        entity: 'empresa_join_request',
        entityId: id,
        details: { userId: requester.id, role },
      });
      return toJoinRequest(view);
    });
  }

  async rejectJoinRequest(
    auth: AuthContext,
    id: string,
    motivo: string | null,
    meta: RequestMeta,
  ): Promise<JoinRequest> {
    return this.db.transaction(async (tx) => {
      const tenant = this.ownTenant(auth);
      await this.pendingRequest(tx, tenant, id);
      await joins.decideJoinRequest(tx, tenant, id, {
        status: 'rejeitada',
        role: null,
        motivo,
        decidedBy: auth.user.id,
      });
      const view = (await joins.findJoinRequestView(tx, tenant, id))!;
      await this.mailer.enqueue(tx, {
        kind: 'empresa.join-rejected',
        to: [view.requester.email],
        empresaId: tenant.empresaId,
        ...mailTemplates.joinRejected({ empresa: view.empresa.nome, motivo }),
      });
      await writeAudit(tx, { ...meta, empresaId: tenant.empresaId }, 'empresa.join.reject', {
        entity: 'empresa_join_request',
        entityId: id,
        details: { userId: view.requester.id },
      });
      return toJoinRequest(view);
    });
  }

  /** The request, locked for the decision; 404 outside the tenant, 409 once decided. */
  private async pendingRequest(tx: Executor, tenant: Tenant, id: string): Promise<joins.JoinRequestRow> {
    const request = await joins.lockJoinRequest(tx, tenant, id);
    if (!request) throw new AppError('JOIN_REQUEST_NOT_FOUND');
    if (request.status !== 'pendente') throw new AppError('JOIN_REQUEST_DECIDED', { status: request.status });
    return request;
  }
}
