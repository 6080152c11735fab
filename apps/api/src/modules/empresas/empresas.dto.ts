import type { CompanyUser, Empresa, JoinRequest, PendingInvite } from '@cotacoes/shared';
import type { EmpresaRow, UserRow } from './empresas.repository.js';
import type { InviteRow } from './invites.repository.js';
import type { JoinRequestView } from './join-requests.repository.js';

export function toEmpresa(row: EmpresaRow): Empresa {
  return {
    id: row.id,
    nome: row.nome,
    codigo: row.codigo,
    cnpj: row.cnpj,
    razaoSocial: row.razaoSocial,
    email: row.email,
    telefone: row.telefone,
    endereco: row.endereco,
    ativa: row.ativa,
    dadosNaoConfirmados: row.dadosNaoConfirmados,
    dataCriacao: row.createdAt.toISOString(),
  };
}

export function toCompanyUser(row: UserRow): CompanyUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toPendingInvite(row: InviteRow): PendingInvite {
  return {
    id: row.id,
    empresaId: row.empresaId,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    isActivated: row.activatedAt !== null,
  };
}

export function toJoinRequest(view: JoinRequestView): JoinRequest {
  return {
    id: view.id,
    status: view.status,
    empresa: view.empresa,
    requester: view.requester,
    role: view.role,
    motivo: view.motivo,
    createdAt: view.createdAt.toISOString(),
    decidedAt: view.decidedAt?.toISOString() ?? null,
  };
}
