import type {
  CnpjLookupResponse,
  CreateEmpresaBody,
  Empresa,
  EmpresaDetail,
  OnboardingBody,
  UpdateEmpresaBody,
  User,
} from '@cotacoes/shared';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql.js';
import { checkedTenant, type Tenant } from '../../db/tenant.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext, RequestMeta } from '../../plugins/request-context.js';
import type { SessionService } from '../../plugins/sessions.js';
import { findUserById, toPublicUser } from '../../read-models/users.js';
import type { CnpjService } from './cnpj.service.js';
import { codigoBaseFromName, firstFreeCodigo } from './codigo.js';
import { toEmpresa } from './empresas.dto.js';
import * as repo from './empresas.repository.js';
import { cancelPendingJoinRequestsOfUser } from './join-requests.repository.js';

const CODIGO_KEY = 'empresas_codigo_key';
const CNPJ_KEY = 'empresas_cnpj_key';
const CODE_ATTEMPTS = 3;

/** Re-throws a unique violation of the code or CNPJ as its 409. */
function conflictOf(error: unknown, codigo?: string): unknown {
  if (isUniqueViolation(error, CNPJ_KEY)) return new AppError('CNPJ_ALREADY_REGISTERED');
  if (isUniqueViolation(error, CODIGO_KEY))
    return new AppError('EMPRESA_CODIGO_IN_USE', { codigo: codigo ?? '' });
  return error;
}

/**
 * Companies: the desenvolvedor's administration, CNPJ look-up, onboarding by CNPJ and the visão
 * (the company a desenvolvedor acts in) (spec 000 §2 "Company onboarding", "Company management", §7).
 */
export class EmpresasService {
  constructor(
    private readonly db: Database,
    private readonly cnpj: CnpjService,
    private readonly sessions: SessionService,
  ) {}

  private meta(meta: RequestMeta, empresaId: string) {
    return { ...meta, empresaId };
  }

  /** A desenvolvedor's target company; 404 when it does not exist. */
  private async adminTarget(
    executor: Executor,
    id: string,
  ): Promise<{ tenant: Tenant; empresa: repo.EmpresaRow }> {
    const empresa = await repo.findEmpresaById(executor, id);
    if (!empresa) throw new AppError('EMPRESA_NOT_FOUND');
    return { tenant: checkedTenant(empresa.id), empresa };
  }

  async list(): Promise<Empresa[]> {
    return (await repo.listEmpresas(this.db)).map(toEmpresa);
  }

  async get(id: string): Promise<EmpresaDetail> {
    const { tenant, empresa } = await this.adminTarget(this.db, id);
    return { ...toEmpresa(empresa), resumo: await repo.countEmpresaData(this.db, tenant) };
  }

  async create(body: CreateEmpresaBody, meta: RequestMeta): Promise<Empresa> {
    try {
      return await this.db.transaction(async (tx) => {
        if (await repo.findEmpresaByCodigo(tx, body.codigo))
          throw new AppError('EMPRESA_CODIGO_IN_USE', { codigo: body.codigo });
        if (body.cnpj && (await repo.findEmpresaByCnpj(tx, body.cnpj)))
          throw new AppError('CNPJ_ALREADY_REGISTERED');
        const empresa = await repo.insertEmpresa(tx, { ...body, ativa: body.ativa ?? true });
        await writeAudit(tx, this.meta(meta, empresa.id), 'empresa.create', {
          entity: 'empresa',
          entityId: empresa.id,
          details: { codigo: empresa.codigo, cnpj: empresa.cnpj },
        });
        return toEmpresa(empresa);
      });
    } catch (error) {
      throw conflictOf(error, body.codigo);
    }
  }

  async update(id: string, body: UpdateEmpresaBody, meta: RequestMeta): Promise<Empresa> {
    try {
      return await this.db.transaction(async (tx) => {
        const { tenant, empresa } = await this.adminTarget(tx, id);
        if (
          body.codigo &&
          body.codigo !== empresa.codigo &&
          (await repo.findEmpresaByCodigo(tx, body.codigo))
        )
          throw new AppError('EMPRESA_CODIGO_IN_USE', { codigo: body.codigo });
        if (body.cnpj && body.cnpj !== empresa.cnpj && (await repo.findEmpresaByCnpj(tx, body.cnpj)))
          throw new AppError('CNPJ_ALREADY_REGISTERED');
        const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
        const updated = await repo.updateEmpresa(tx, tenant, changes);
        await writeAudit(tx, this.meta(meta, empresa.id), 'empresa.update', {
          entity: 'empresa',
          entityId: empresa.id,
          details: { fields: Object.keys(changes) },
        });
        return toEmpresa(updated);
      });
    } catch (error) {
      throw conflictOf(error, body.codigo);
    }
  }

  /**
   * Deletes a company. One that still has members, open invites or pending join requests is kept unless
   * `force`: then the members are unlinked (their sessions end) and the company's data is deleted with it.
   */
  async remove(id: string, force: boolean, meta: RequestMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { tenant, empresa } = await this.adminTarget(tx, id);
      const counts = await repo.countEmpresaData(tx, tenant);
      const hasData = counts.usuarios + counts.convitesPendentes + counts.solicitacoesPendentes > 0;
      if (hasData && !force) {
        throw new AppError('EMPRESA_HAS_DATA', {
          usuarios: counts.usuarios,
          convites: counts.convitesPendentes,
          solicitacoes: counts.solicitacoesPendentes,
        });
      }
      for (const userId of await repo.memberIds(tx, tenant)) {
        await repo.unlinkMember(tx, tenant, userId);
        await this.sessions.revokeAllForUser(tx, userId);
      }
      await repo.deleteEmpresa(tx, tenant);
      await writeAudit(tx, this.meta(meta, empresa.id), 'empresa.delete', {
        entity: 'empresa',
        entityId: empresa.id,
        details: { codigo: empresa.codigo, cnpj: empresa.cnpj, force, ...counts },
      });
    });
  }

  /** Own database first (a registered company, for joining), then the public CNPJ service. */
  async search(cnpj: string): Promise<CnpjLookupResponse> {
    const empresa = await repo.findEmpresaByCnpj(this.db, cnpj);
    if (empresa) {
      return {
        source: 'empresa',
        id: empresa.id,
        nome: empresa.nome,
        codigo: empresa.codigo,
        cnpj: cnpj,
        razaoSocial: empresa.razaoSocial,
        endereco: empresa.endereco,
        dadosNaoConfirmados: empresa.dadosNaoConfirmados,
      };
    }
    return this.cnpj.lookup(cnpj);
  }

  /**
   * Creates the caller's company from the onboarding: the creator becomes its supervisor (a desenvolvedor
   * keeps the role and acts in it); the code is generated from the name and unique.
   */
  async onboard(
    auth: AuthContext,
    body: OnboardingBody,
    meta: RequestMeta,
  ): Promise<Empresa & { user: User }> {
    const registry = this.cnpj.confirmed(body.cnpj);
    const razaoSocial = registry?.razao_social || body.razaoSocial;
    const endereco = registry ? registry.endereco || null : body.endereco;
    const nome = body.nome?.trim() || razaoSocial || 'Empresa';
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const me = await findUserById(tx, auth.user.id);
          if (!me) throw new AppError('UNAUTHENTICATED');
          const isDeveloper = me.role === 'desenvolvedor';
          if (me.empresaId && !isDeveloper) throw new AppError('USER_ALREADY_LINKED');
          if (await repo.findEmpresaByCnpj(tx, body.cnpj)) throw new AppError('CNPJ_ALREADY_REGISTERED');
          const base = codigoBaseFromName(nome);
          const codigo = firstFreeCodigo(base, await repo.codigosStartingWith(tx, base));
          const empresa = await repo.insertEmpresa(tx, {
            nome,
            codigo,
            cnpj: body.cnpj,
            razaoSocial,
            endereco,
            dadosNaoConfirmados: !registry,
          });
          const tenant = checkedTenant(empresa.id);
          const user = isDeveloper
            ? ((await repo.setVisao(tx, me.id, tenant)) ?? me)
            : await repo.linkUser(tx, tenant, me.id, 'supervisor');
          await cancelPendingJoinRequestsOfUser(tx, me.id);
          await writeAudit(tx, this.meta(meta, empresa.id), 'empresa.onboarding.create', {
            entity: 'empresa',
            entityId: empresa.id,
            details: { codigo, cnpj: body.cnpj, role: user.role, dadosNaoConfirmados: !registry },
          });
          return { ...toEmpresa(empresa), user: toPublicUser(user) };
        });
      } catch (error) {
        // Two companies named alike created at the same moment: pick the next free code.
        if (isUniqueViolation(error, CODIGO_KEY) && attempt < CODE_ATTEMPTS) continue;
        throw conflictOf(error);
      }
    }
  }

  /** A desenvolvedor chooses the company they act in: it becomes their `empresaId`. */
  async setVisao(
    auth: AuthContext,
    id: string,
    meta: RequestMeta,
  ): Promise<{ user: User; empresa: Empresa }> {
    return this.db.transaction(async (tx) => {
      const { tenant, empresa } = await this.adminTarget(tx, id);
      const user = await repo.setVisao(tx, auth.user.id, tenant);
      if (!user) throw new AppError('FORBIDDEN');
      await writeAudit(tx, this.meta(meta, empresa.id), 'empresa.visao', {
        entity: 'user',
        entityId: user.id,
        details: { from: auth.user.empresaId },
      });
      return { user: toPublicUser(user), empresa: toEmpresa(empresa) };
    });
  }

  async currentVisao(auth: AuthContext): Promise<{ empresaId: string | null; empresa: Empresa | null }> {
    const empresa = auth.user.empresaId
      ? await repo.findEmpresaById(this.db, auth.user.empresaId)
      : undefined;
    return { empresaId: empresa?.id ?? null, empresa: empresa ? toEmpresa(empresa) : null };
  }

  async currentEmpresa(auth: AuthContext): Promise<Empresa> {
    const empresa = auth.user.empresaId
      ? await repo.findEmpresaById(this.db, auth.user.empresaId)
      : undefined;
    if (!empresa) throw new AppError('EMPRESA_NOT_LINKED');
    return toEmpresa(empresa);
  }
}
