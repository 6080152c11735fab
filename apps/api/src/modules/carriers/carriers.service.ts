import {
  type CreateGrupoBody,
  type CreateTransportadorBody,
  formatMessage,
  GRUPO_CARD_MEMBERS,
  type Grupo,
  type GrupoCartao,
  type GrupoResumo,
  joinEmails,
  type ListGruposQuery,
  type ListTransportadoresQuery,
  type Paginated,
  successMessages,
  type Transportador,
  type TransportadorFilter,
  type UpdateGrupoBody,
  type UpdateTransportadorBody,
} from '@cotacoes/shared';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql.js';
import type { Tenant } from '../../db/tenant.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { StampedCache } from '../../lib/stamped-cache.js';
import * as repo from './carriers.repository.js';

/** Default page size when only `page` is given. */
export const DEFAULT_PAGE_LIMIT = 50;

const ptBrDate = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

export function toTransportador(row: repo.CarrierListRow): Transportador {
  return { id: row.id, nome: row.nome, email: joinEmails(row.emails), grupos: row.grupos, ativo: row.ativo };
}

export function toGrupo(row: repo.GrupoFull): Grupo {
  const { totalTransportadores: _total, ...grupo } = toGrupoResumo(row);
  return { ...grupo, transportadores: row.membros };
}

export function toGrupoResumo(row: repo.GrupoRow): GrupoResumo {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    cor: row.cor,
    ativo: row.ativo,
    data_criacao: ptBrDate.format(row.createdAt),
    totalTransportadores: row.totalTransportadores,
  };
}

function pageOf(query: { page?: number; limit?: number }): (repo.Page & { page: number }) | undefined {
  if (query.page === undefined && query.limit === undefined) return undefined;
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

function paginated<T>(data: T[], total: number, page: { page: number; limit: number }): Paginated<T> {
  return { data, total, totalPages: Math.max(1, Math.ceil(total / page.limit)), page: page.page };
}

/** A page of the carrier list, as answered. */
type CarrierPage = Paginated<Transportador> & { totalLimitado?: true };

/** A kept answer's key: the company, the call and the query's values (undefined and '' alike). */
function keyOf(tenant: Tenant, ...parts: unknown[]): string {
  return JSON.stringify([tenant.empresaId, ...parts.map((part) => part ?? '')]);
}

const GRUPO_NOME_KEY = 'grupos_empresa_nome_key';
const EMAIL_KEY = 'transportador_emails_empresa_email_live_key';

/**
 * Carriers (agentes de carga) and groups of the caller's company (spec 000 "Agents and groups"). Every
 * call is confined to the caller's company; another company's ids answer 404 like missing ones (S1).
 */
export class CarriersService {
  /**
   * List pages and select-all ids, by company and query, while the company's carrier stamp is unchanged
   * (migration 0033): a repeated read costs the stamp's query (ADR 0031 addendum 3).
   */
  private readonly keptPages = new StampedCache<CarrierPage>(256);
  private readonly keptIds = new StampedCache<{ ids: string[]; total: number }>(64);
  /** The groups tab's pages of cards, kept as the list's pages are. */
  private readonly keptCards = new StampedCache<Paginated<GrupoCartao>>(64);
  /** The group pickers' summaries (`resumo` without a page), kept as the cards are. */
  private readonly keptSummaries = new StampedCache<GrupoResumo[]>(64);

  constructor(private readonly db: Database) {}

  // ---- carriers ----

  /**
   * The spec's array without `page`/`limit`; with them one page, whose total a search reports up to
   * SEARCH_COUNT_CAP (`totalLimitado` beyond; P1: counts bounded). A page is kept, by company and query,
   * while the company's carrier stamp is unchanged (migration 0033): a repeated read costs the stamp's
   * query. The whole array is read every time (`stamp` null): thousands of carriers, and no screen reads it.
   */
  async list(
    actor: Actor,
    query: ListTransportadoresQuery,
  ): Promise<{ stamp: string | null; value: Transportador[] | CarrierPage }> {
    const { tenant } = actor;
    const page = pageOf(query);
    if (!page) {
      const { rows } = await repo.listTransportadores(this.db, tenant, query);
      return { stamp: null, value: rows.map(toTransportador) };
    }
    return this.keptPages.getVersioned(
      keyOf(tenant, 'page', query.search, query.grupos, query.page, query.limit),
      () => repo.carrierStamp(this.db, tenant),
      () => this.readPage(tenant, query, page),
    );
  }

  /** A page of `list` and the carrier stamp it was read at. */
  private async readPage(
    tenant: Tenant,
    query: ListTransportadoresQuery,
    page: NonNullable<ReturnType<typeof pageOf>>,
  ): Promise<{ stamp: string; value: CarrierPage }> {
    const { rows, total, cap, stamp } = await repo.listTransportadores(this.db, tenant, query, page);
    const limited = cap !== undefined && total > cap;
    return {
      stamp,
      value: {
        ...paginated(rows.map(toTransportador), limited ? cap : total, page),
        ...(limited ? { totalLimitado: true as const } : {}),
      },
    };
  }

  /** `ids` ('Selecionar Todos'), kept as `list`'s pages are. */
  async ids(
    actor: Actor,
    filter: TransportadorFilter,
  ): Promise<{ stamp: string; value: { ids: string[]; total: number } }> {
    const { tenant } = actor;
    return this.keptIds.getVersioned(
      keyOf(tenant, 'ids', filter.search, filter.grupos),
      () => repo.carrierStamp(this.db, tenant),
      async () => {
        const { ids, stamp } = await repo.transportadorIds(this.db, tenant, filter);
        return { stamp, value: { ids, total: ids.length } };
      },
    );
  }

  /** Keeps answers (the default) or reads every one (the benches' first-read rows). */
  keepAnswers(on: boolean): void {
    this.keptPages.keeping = on;
    this.keptIds.keeping = on;
    this.keptCards.keeping = on;
    this.keptSummaries.keeping = on;
  }

  async create(actor: Actor, body: CreateTransportadorBody): Promise<Transportador> {
    const { tenant } = actor;
    const id = await this.write(tenant, body.email, undefined, async (tx) => {
      await repo.requireGrupos(tx, tenant, body.grupos);
      await this.requireFreeEmails(tx, tenant, body.email);
      await this.requireFreeNome(tx, tenant, body.nome);
      const [row] = await repo.insertTransportadores(tx, tenant, [
        { nome: body.nome, ativo: body.ativo, createdBy: actor.userId },
      ]);
      await repo.insertEmails(
        tx,
        tenant,
        body.email.map((email, posicao) => ({ transportadorId: row!.id, email, posicao })),
      );
      await repo.addMembers(
        tx,
        tenant,
        [...new Set(body.grupos)].map((grupoId) => ({ grupoId, transportadorId: row!.id })),
      );
      await writeAudit(tx, actor.meta, 'transportador.create', {
        entity: 'transportador',
        entityId: row!.id,
        details: { nome: body.nome, emails: body.email.length, grupos: body.grupos.length },
      });
      return row!.id;
    });
    return this.get(tenant, id);
  }

  async update(actor: Actor, id: string, body: UpdateTransportadorBody): Promise<Transportador> {
    const { tenant } = actor;
    await this.write(tenant, body.email ?? [], id, async (tx) => {
      const current = await repo.findTransportador(tx, tenant, id);
      if (!current) throw new AppError('TRANSPORTADOR_NOT_FOUND');
      if (body.grupos) await repo.requireGrupos(tx, tenant, body.grupos);
      if (body.email) await this.requireFreeEmails(tx, tenant, body.email, id);
      if (body.nome !== undefined) await this.requireFreeNome(tx, tenant, body.nome, id);
      if (body.nome !== undefined || body.ativo !== undefined)
        await repo.updateTransportador(tx, tenant, id, { nome: body.nome, ativo: body.ativo });
      if (body.email) await repo.replaceEmails(tx, tenant, id, body.email);
      if (body.grupos) await repo.replaceMemberships(tx, tenant, id, [...new Set(body.grupos)]);
      await writeAudit(tx, actor.meta, 'transportador.update', {
        entity: 'transportador',
        entityId: id,
        details: { fields: Object.keys(body) },
      });
    });
    return this.get(tenant, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const { tenant } = actor;
    await this.db.transaction(async (tx) => {
      if (!(await repo.softDeleteTransportador(tx, tenant, id)))
        throw new AppError('TRANSPORTADOR_NOT_FOUND');
      await writeAudit(tx, actor.meta, 'transportador.delete', {
        entity: 'transportador',
        entityId: id,
      });
    });
  }

  private async get(tenant: Tenant, id: string): Promise<Transportador> {
    const row = await repo.findTransportador(this.db, tenant, id);
    if (!row) throw new AppError('TRANSPORTADOR_NOT_FOUND');
    return toTransportador(row);
  }

  /**
   * Runs a carrier change in a transaction; a concurrent insert of the same address (caught by the
   * unique index) answers the same 409 as the check inside.
   */
  private async write<T>(
    tenant: Tenant,
    emails: readonly string[],
    except: string | undefined,
    change: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.db.transaction(change);
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_KEY)) {
        await this.requireFreeEmails(this.db, tenant, emails, except);
        throw new AppError('TRANSPORTADOR_EMAIL_IN_USE', { email: emails[0] ?? '', nome: '?' });
      }
      throw error;
    }
  }

  /** 409 naming the carrier that already has one of these addresses. */
  private async requireFreeEmails(
    executor: Executor,
    tenant: Tenant,
    emails: readonly string[],
    except?: string,
  ): Promise<void> {
    const owners = await repo.emailOwners(executor, tenant, emails, except);
    for (const email of emails) {
      const owner = owners.get(email);
      if (owner) throw new AppError('TRANSPORTADOR_EMAIL_IN_USE', { email, nome: owner.nome });
    }
  }

  // ---- groups ----

  /**
   * With `resumo`, the groups without their members (their number instead). A page of cards (the
   * 'Grupos' tab: `resumo` with `page`/`limit`) is kept, by company and query, while the company's carrier
   * stamp is unchanged, as the carrier list's pages are: every change a card shows (a group's fields, its
   * count, its first members and their names) rewrites a `grupos` or `transportadores` row, which bumps
   * the stamp (migration 0033). So are the summaries without a page (the group pickers). The spec's forms
   * with every member are read every time (`stamp` null): no screen reads them.
   */
  async listGrupos(
    actor: Actor,
    query: ListGruposQuery,
  ): Promise<
    | { stamp: string; value: Paginated<GrupoCartao> | GrupoResumo[] }
    | { stamp: null; value: Grupo[] | Paginated<Grupo> }
  > {
    const { tenant } = actor;
    const page = pageOf(query);
    if (query.resumo && page) {
      return this.keptCards.getVersioned(
        keyOf(tenant, 'cards', query.search, undefined, page.page, page.limit),
        () => repo.carrierStamp(this.db, tenant),
        () => this.readCards(tenant, query.search, page),
      );
    }
    if (query.resumo && !page) {
      // The group pickers (quote wizard, carriers screen): kept as the cards are. The stamp is read
      // before the rows, so the rows are never older than the stamp they are kept under.
      return this.keptSummaries.getVersioned(
        keyOf(tenant, 'summary', query.search),
        () => repo.carrierStamp(this.db, tenant),
        async () => {
          const stamp = await repo.carrierStamp(this.db, tenant);
          const rows = await repo.listGrupoRows(this.db, tenant, query.search);
          return { stamp, value: rows.map(toGrupoResumo) };
        },
      );
    }
    const list = async (): Promise<Grupo[]> =>
      (await repo.listGrupos(this.db, tenant, query.search, page)).map(toGrupo);
    if (!page) return { stamp: null, value: await list() };
    const [total, rows] = await Promise.all([repo.countGrupos(this.db, tenant, query.search), list()]);
    return { stamp: null, value: paginated<Grupo>(rows, total, page) };
  }

  /** A page of cards: each group's first members by name, not all of them (issue 33). */
  private async readCards(
    tenant: Tenant,
    search: string | undefined,
    page: NonNullable<ReturnType<typeof pageOf>>,
  ): Promise<{ stamp: string; value: Paginated<GrupoCartao> }> {
    const { total, stamp, rows } = await repo.listGrupoCards(
      this.db,
      tenant,
      search,
      page,
      GRUPO_CARD_MEMBERS,
    );
    const cards = rows.map(({ primeiros, ...row }) => ({
      ...toGrupoResumo(row),
      primeirosTransportadores: primeiros,
    }));
    return { stamp, value: paginated<GrupoCartao>(cards, total, page) };
  }

  async createGrupo(actor: Actor, body: CreateGrupoBody): Promise<Grupo> {
    const { tenant } = actor;
    const id = await this.writeGrupo(body.nome, async (tx) => {
      await this.requireFreeGrupoNome(tx, tenant, body.nome);
      const row = await repo.insertGrupo(tx, tenant, { ...body, createdBy: actor.userId });
      await writeAudit(tx, actor.meta, 'grupo.create', {
        entity: 'grupo',
        entityId: row.id,
        details: { nome: row.nome },
      });
      return row.id;
    });
    return this.getGrupo(tenant, id);
  }

  async updateGrupo(actor: Actor, id: string, body: UpdateGrupoBody): Promise<Grupo> {
    const { tenant } = actor;
    await this.writeGrupo(body.nome ?? '', async (tx) => {
      if (!(await repo.findGrupo(tx, tenant, id))) throw new AppError('GRUPO_NOT_FOUND');
      if (body.nome !== undefined) await this.requireFreeGrupoNome(tx, tenant, body.nome, id);
      await repo.updateGrupo(tx, tenant, id, body);
      await writeAudit(tx, actor.meta, 'grupo.update', {
        entity: 'grupo',
        entityId: id,
        details: { fields: Object.keys(body) },
      });
    });
    return this.getGrupo(tenant, id);
  }

  async removeGrupo(actor: Actor, id: string): Promise<void> {
    const { tenant } = actor;
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteGrupo(tx, tenant, id))) throw new AppError('GRUPO_NOT_FOUND');
      await writeAudit(tx, actor.meta, 'grupo.delete', { entity: 'grupo', entityId: id });
    });
  }

  async addMember(
    actor: Actor,
    grupoId: string,
    transportadorId: string,
  ): Promise<{ message: string; alterado: boolean }> {
    const { tenant } = actor;
    return this.db.transaction(async (tx) => {
      await repo.requireGrupos(tx, tenant, [grupoId]);
      if ((await repo.existingTransportadorIds(tx, tenant, [transportadorId])).size === 0)
        throw new AppError('TRANSPORTADOR_NOT_FOUND');
      const added = (await repo.addMembers(tx, tenant, [{ grupoId, transportadorId }])) > 0;
      if (added)
        await writeAudit(tx, actor.meta, 'grupo.member.add', {
          entity: 'grupo',
          entityId: grupoId,
          details: { transportadorId },
        });
      return {
        message: added ? successMessages.memberAdded : successMessages.memberAlready,
        alterado: added,
      };
    });
  }

  async removeMember(
    actor: Actor,
    grupoId: string,
    transportadorId: string,
  ): Promise<{ message: string; alterado: boolean }> {
    const { tenant } = actor;
    return this.db.transaction(async (tx) => {
      await repo.requireGrupos(tx, tenant, [grupoId]);
      if ((await repo.existingTransportadorIds(tx, tenant, [transportadorId])).size === 0)
        throw new AppError('TRANSPORTADOR_NOT_FOUND');
      const removed = await repo.removeMember(tx, tenant, grupoId, transportadorId);
      if (removed)
        await writeAudit(tx, actor.meta, 'grupo.member.remove', {
          entity: 'grupo',
          entityId: grupoId,
          details: { transportadorId },
        });
      return {
        message: removed ? successMessages.memberRemoved : successMessages.memberNotIn,
        alterado: removed,
      };
    });
  }

  /** Bulk add: members already in the group are skipped; an id that is not a carrier of the company: 404. */
  async addMembers(
    actor: Actor,
    grupoId: string,
    transportadorIds: readonly string[],
  ): Promise<{ message: string; adicionados: number; jaMembros: number }> {
    const { tenant } = actor;
    const ids = [...new Set(transportadorIds)];
    return this.db.transaction(async (tx) => {
      await repo.requireGrupos(tx, tenant, [grupoId]);
      const found = await repo.existingTransportadorIds(tx, tenant, ids);
      if (found.size !== ids.length) throw new AppError('TRANSPORTADOR_NOT_FOUND');
      const adicionados = await repo.addMembers(
        tx,
        tenant,
        ids.map((transportadorId) => ({ grupoId, transportadorId })),
      );
      await writeAudit(tx, actor.meta, 'grupo.member.bulk-add', {
        entity: 'grupo',
        entityId: grupoId,
        details: { pedidos: ids.length, adicionados },
      });
      return {
        message: formatMessage(successMessages.membersAdded, { n: adicionados }),
        adicionados,
        jaMembros: ids.length - adicionados,
      };
    });
  }

  private async getGrupo(tenant: Tenant, id: string): Promise<Grupo> {
    const row = await repo.findGrupo(this.db, tenant, id);
    if (!row) throw new AppError('GRUPO_NOT_FOUND');
    return toGrupo(row);
  }

  /**
   * One carrier per name in a company (QA pass 10: a second 'Maré Alta Logística' was accepted silently and
   * the recipients list showed two identical names): another address of the same forwarder is added to it.
   */
  private async requireFreeNome(executor: Executor, tenant: Tenant, nome: string, except?: string) {
    const other = await repo.findTransportadorByNome(executor, tenant, nome, except);
    if (other) throw new AppError('TRANSPORTADOR_NOME_IN_USE', { nome: other.nome });
  }

  private async requireFreeGrupoNome(executor: Executor, tenant: Tenant, nome: string, except?: string) {
    const other = await repo.findGrupoByNome(executor, tenant, nome, except);
    if (other) throw new AppError('GRUPO_NOME_IN_USE', { nome: other.nome });
  }

  private async writeGrupo<T>(nome: string, change: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(change);
    } catch (error) {
      if (isUniqueViolation(error, GRUPO_NOME_KEY)) throw new AppError('GRUPO_NOME_IN_USE', { nome });
      throw error;
    }
  }
}
