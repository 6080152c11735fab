import { z } from 'zod';
import { errorMessages } from '../messages/errors.js';
import { cnpjProblem, normalizeCnpj } from '../rules/cnpj.js';
import { ROLES } from '../rules/roles.js';
import { userSchema } from './auth.js';
import { queryFlag, uuidSchema } from './common.js';

/** Roles a company grants to its members; a desenvolvedor is platform staff and never a member. */
export const MEMBER_ROLES = ['supervisor', 'analista'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const JOIN_REQUEST_STATUSES = ['pendente', 'aprovada', 'rejeitada', 'cancelada'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A CNPJ (numeric or alphanumeric, masked or not) → its 14 upper-case characters; each rule's message. */
export const cnpjSchema = z
  .string({ error: errorMessages.CNPJ_LENGTH })
  .max(40, errorMessages.CNPJ_LENGTH)
  .superRefine((value, ctx) => {
    const problem = cnpjProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: errorMessages[problem], params: { code: problem } });
  })
  .transform(normalizeCnpj);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .nullish()
    .transform((value) => value || null);

const optionalEmail = z
  .string()
  .trim()
  .max(254, errorMessages.EMAIL_INVALID)
  .refine((value) => value === '' || z.email().safeParse(value).success, errorMessages.EMAIL_INVALID)
  .nullish()
  .transform((value) => value?.toLowerCase() || null);

const optionalCnpj = z
  .preprocess((value) => (value === '' ? null : value), cnpjSchema.nullish())
  .transform((value) => value ?? null);

const nomeSchema = z
  .string({ error: errorMessages.EMPRESA_NOME_REQUIRED })
  .trim()
  .min(1, errorMessages.EMPRESA_NOME_REQUIRED)
  .max(200, 'Use no máximo 200 caracteres.');

/** `codigo` is forced to upper case (spec 000 §5). */
const codigoSchema = z
  .string({ error: errorMessages.EMPRESA_CODIGO_REQUIRED })
  .trim()
  .min(1, errorMessages.EMPRESA_CODIGO_REQUIRED)
  .max(30, 'Use no máximo 30 caracteres.')
  .transform((value) => value.toUpperCase());

const memberRoleSchema = z.enum(MEMBER_ROLES, { error: errorMessages.MEMBER_ROLE_INVALID });

export const idParamsSchema = z.object({ id: uuidSchema });
export const cnpjParamsSchema = z.object({ cnpj: cnpjSchema });
export const tokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

export const empresaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  codigo: z.string(),
  cnpj: z.string().nullable(),
  razaoSocial: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  endereco: z.string().nullable(),
  ativa: z.boolean(),
  /** Created at onboarding from typed data: the public CNPJ registry did not confirm it. */
  dadosNaoConfirmados: z.boolean(),
  dataCriacao: z.string(),
});
export type Empresa = z.infer<typeof empresaSchema>;

/** What deleting the company would take with it, so the screen can explain it before a forced delete. */
export const empresaDetailSchema = empresaSchema.extend({
  resumo: z.object({
    usuarios: z.number(),
    convitesPendentes: z.number(),
    solicitacoesPendentes: z.number(),
  }),
});
export type EmpresaDetail = z.infer<typeof empresaDetailSchema>;

export const createEmpresaBodySchema = z.strictObject({
  nome: nomeSchema,
  codigo: codigoSchema,
  cnpj: optionalCnpj,
  razaoSocial: optionalText(200),
  email: optionalEmail,
  telefone: optionalText(40),
  endereco: optionalText(500),
  ativa: z.boolean().optional(),
});
export type CreateEmpresaBody = z.infer<typeof createEmpresaBodySchema>;

export const updateEmpresaBodySchema = z.strictObject({
  nome: nomeSchema.optional(),
  codigo: codigoSchema.optional(),
  cnpj: optionalCnpj.optional(),
  razaoSocial: optionalText(200).optional(),
  email: optionalEmail.optional(),
  telefone: optionalText(40).optional(),
  endereco: optionalText(500).optional(),
  ativa: z.boolean().optional(),
});
export type UpdateEmpresaBody = z.infer<typeof updateEmpresaBodySchema>;

export const deleteEmpresaQuerySchema = z.object({
  forceDelete: queryFlag(),
});

/** The own database's answer: a registered company (join mode shows it). */
export const cnpjLookupEmpresaSchema = z.object({
  source: z.literal('empresa'),
  id: z.string(),
  nome: z.string(),
  codigo: z.string(),
  cnpj: z.string(),
  razaoSocial: z.string().nullable(),
  endereco: z.string().nullable(),
  /** Created with typed-in data the public CNPJ lookup did not confirm (shown to who joins, QA pass 38). */
  dadosNaoConfirmados: z.boolean().optional(),
});

/** The public CNPJ service's answer (spec 000 §3 "CNPJ lookup result"), with the address joined. */
export const cnpjLookupReceitaSchema = z.object({
  source: z.literal('receita'),
  razao_social: z.string(),
  nome_fantasia: z.string(),
  cnpj: z.string(),
  cep: z.string(),
  uf: z.string(),
  municipio: z.string(),
  bairro: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  endereco: z.string(),
});
export type CnpjLookupReceita = z.infer<typeof cnpjLookupReceitaSchema>;

export const cnpjLookupResponseSchema = z.discriminatedUnion('source', [
  cnpjLookupEmpresaSchema,
  cnpjLookupReceitaSchema,
]);
export type CnpjLookupResponse = z.infer<typeof cnpjLookupResponseSchema>;

/**
 * Onboarding creation. The client's `codigo` is a temporary value and is ignored (the server makes a
 * unique one); `nome` falls back to razão social, then 'Empresa'. When the server has the public
 * registry's answer for the CNPJ, its razão social and address are used; otherwise the typed data is
 * kept and the company is marked `dadosNaoConfirmados` (R7: an unreachable registry never blocks).
 */
export const onboardingBodySchema = z.strictObject({
  nome: z.string().trim().max(200).optional(),
  codigo: z.string().max(60).optional(),
  cnpj: cnpjSchema,
  razaoSocial: optionalText(200),
  endereco: optionalText(500),
});
export type OnboardingBody = z.infer<typeof onboardingBodySchema>;

export const onboardingResponseSchema = empresaSchema.extend({ user: userSchema });

export const joinBodySchema = z.strictObject({ cnpj: cnpjSchema });

export const joinRequestSchema = z.object({
  id: z.string(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  empresa: z.object({ id: z.string(), nome: z.string(), codigo: z.string() }),
  requester: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The role granted on approval. */
  role: z.enum(MEMBER_ROLES).nullable(),
  motivo: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** The join answer carries the caller's user: with `empresaId` set when an invite linked them at once. */
export const joinResponseSchema = joinRequestSchema.extend({ user: userSchema });
export const myJoinRequestResponseSchema = z.object({ request: joinRequestSchema.nullable() });

export const joinRequestsQuerySchema = z.object({
  status: z.enum([...JOIN_REQUEST_STATUSES, 'all']).default('pendente'),
});
export const approveJoinBodySchema = z.strictObject({ role: memberRoleSchema.default('analista') }).nullish();
export const rejectJoinBodySchema = z.strictObject({ motivo: optionalText(500) }).nullish();

/** Company user (spec 000 §3), wire names verbatim. */
export const companyUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/** Pending invite (spec 000 §3): 'Pendente' until the person registers, then 'Ativado'. */
export const pendingInviteSchema = z.object({
  id: z.string(),
  empresaId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  isActivated: z.boolean(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

const requiredLinkEmail = z
  .string({ error: errorMessages.LINK_FIELDS_REQUIRED })
  .trim()
  .min(1, errorMessages.LINK_FIELDS_REQUIRED)
  .max(254, errorMessages.EMAIL_INVALID)
  .pipe(z.email({ error: errorMessages.EMAIL_INVALID }))
  .transform((value) => value.toLowerCase());

const requiredEmpresaId = z
  .string({ error: errorMessages.LINK_FIELDS_REQUIRED })
  .min(1, errorMessages.LINK_FIELDS_REQUIRED)
  .pipe(z.uuid({ error: errorMessages.EMPRESA_NOT_FOUND }));

/** Link request (spec 000 §3): `userEmail`, `empresaId`, and the role (default analista). */
export const assignUserBodySchema = z.strictObject({
  userEmail: requiredLinkEmail,
  empresaId: requiredEmpresaId,
  role: memberRoleSchema.default('analista'),
  name: optionalText(120),
});
export type AssignUserBody = z.infer<typeof assignUserBodySchema>;

export const assignUserResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('existing_user'), message: z.string(), user: companyUserSchema }),
  z.object({ type: z.literal('pending_user'), message: z.string(), invite: pendingInviteSchema }),
]);
export type AssignUserResponse = z.infer<typeof assignUserResponseSchema>;

export const createPendingUserBodySchema = z.strictObject({
  email: requiredLinkEmail,
  empresaId: requiredEmpresaId,
  role: memberRoleSchema.default('analista'),
  name: optionalText(120),
});
export type CreatePendingUserBody = z.infer<typeof createPendingUserBodySchema>;

/** Search (name or e-mail, case- and accent-insensitive) and the role filter of the user lists. */
export const memberListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(['all', ...MEMBER_ROLES]).default('all'),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const visaoResponseSchema = z.object({
  empresaId: z.string().nullable(),
  empresa: empresaSchema.nullable(),
});
export const setVisaoResponseSchema = z.object({ user: userSchema, empresa: empresaSchema });

/** What the invitation link shows before registering. */
export const inviteInfoResponseSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  empresa: z.object({ nome: z.string() }),
});
