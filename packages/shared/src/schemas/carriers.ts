import { z } from 'zod';
import { errorMessage, errorMessages } from '../messages/errors.js';
import { fieldMessages, formatMessage } from '../messages/index.js';
import { MAX_EMAILS_PER_TRANSPORTADOR, parseEmailList } from '../rules/email-list.js';
import { maxCharsMessage, pageQueryParams, queryFlag, searchQuerySchema, uuidSchema } from './common.js';

/** Default colour of a group (spec 000 §9). */
export const DEFAULT_GRUPO_COR = '#0066CC';
/** Largest page of the paginated lists. */
export const MAX_PAGE_LIMIT = 200;
/** Most rows (carriers) one import file may hold. */
export const MAX_IMPORT_ROWS = 5_000;
/** Largest import file. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const uuid = uuidSchema;

const transportadorNome = z
  .string({ error: errorMessages.TRANSPORTADOR_NOME_REQUIRED })
  .trim()
  .min(1, errorMessages.TRANSPORTADOR_NOME_REQUIRED)
  .max(200, maxCharsMessage(200));

/**
 * `email` on the wire: addresses joined by ';' (an array is accepted too). Blank entries are dropped;
 * every remaining one must be an address; at least one is required. Answers the clean list.
 */
export const emailListSchema = z
  .union([z.string().max(10_000), z.array(z.string().max(320)).max(100)], {
    error: errorMessages.TRANSPORTADOR_EMAIL_REQUIRED,
  })
  .transform((value, ctx) => {
    const { emails, invalid } = parseEmailList(value);
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: errorMessage('TRANSPORTADOR_EMAIL_INVALID', { email: invalid[0]! }),
      });
      return z.NEVER;
    }
    if (emails.length === 0) {
      ctx.addIssue({ code: 'custom', message: errorMessages.TRANSPORTADOR_EMAIL_REQUIRED });
      return z.NEVER;
    }
    if (emails.length > MAX_EMAILS_PER_TRANSPORTADOR) {
      ctx.addIssue({
        code: 'custom',
        message: errorMessage('TRANSPORTADOR_TOO_MANY_EMAILS', { max: MAX_EMAILS_PER_TRANSPORTADOR }),
      });
      return z.NEVER;
    }
    return emails;
  });

const grupoIds = z.array(uuid).max(500).default([]);

export const grupoRefSchema = z.object({ id: z.string(), nome: z.string(), cor: z.string() });

/** Transportador (spec 000 §3), wire names verbatim: `email` holds every address joined by ';'. */
export const transportadorSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  grupos: z.array(grupoRefSchema),
  ativo: z.boolean(),
});
export type Transportador = z.infer<typeof transportadorSchema>;

export const createTransportadorBodySchema = z.strictObject({
  nome: transportadorNome,
  email: emailListSchema,
  grupos: grupoIds,
  ativo: z.boolean().default(true),
});
export type CreateTransportadorBody = z.infer<typeof createTransportadorBodySchema>;

/** The full update or only `{grupos}` (spec 000 §7); any subset of the fields is accepted. */
export const updateTransportadorBodySchema = z.strictObject({
  nome: transportadorNome.optional(),
  email: emailListSchema.optional(),
  grupos: z.array(uuid).max(500).optional(),
  ativo: z.boolean().optional(),
});
export type UpdateTransportadorBody = z.infer<typeof updateTransportadorBodySchema>;

const pageParams = pageQueryParams(MAX_PAGE_LIMIT);
const search = searchQuerySchema;

/** `grupos=<id,id>`: carriers in any of these groups. */
const grupoFilter = z
  .string()
  .max(20_000)
  .optional()
  .transform((value, ctx) => {
    const ids = (value ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    for (const id of ids) {
      if (!uuid.safeParse(id).success) {
        ctx.addIssue({ code: 'custom', message: fieldMessages.groupFilterInvalid });
        return z.NEVER;
      }
    }
    return ids;
  });

export const transportadorFilterSchema = z.object({ search, grupos: grupoFilter });
export type TransportadorFilter = z.infer<typeof transportadorFilterSchema>;

/** Without `page`/`limit` the answer is the whole array (spec); with either, one page. */
export const listTransportadoresQuerySchema = transportadorFilterSchema.extend(pageParams);
export type ListTransportadoresQuery = z.infer<typeof listTransportadoresQuerySchema>;

/**
 * `resumo=true` answers each group without its members, with their number (`totalTransportadores`): what
 * the group pickers and the quote wizard show. The default keeps the spec's members.
 */
export const listGruposQuerySchema = z.object({
  search,
  resumo: queryFlag(),
  ...pageParams,
});
export type ListGruposQuery = z.infer<typeof listGruposQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number(),
    totalPages: z.number(),
    page: z.number(),
  });
}
export type Paginated<T> = { data: T[]; total: number; totalPages: number; page: number };

/** Every carrier id matching a filter (the screen's 'Selecionar Todos' over all pages). */
export const transportadorIdsResponseSchema = z.object({ ids: z.array(z.string()), total: z.number() });

const grupoNome = z
  .string({ error: errorMessages.GRUPO_NOME_REQUIRED })
  .trim()
  .min(1, errorMessages.GRUPO_NOME_REQUIRED)
  .max(120, maxCharsMessage(120));
const grupoDescricao = z
  .string()
  .trim()
  .max(500, maxCharsMessage(500))
  .nullish()
  .transform((value) => value || null);
const grupoCor = z
  .string({ error: errorMessages.GRUPO_COR_INVALID })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, errorMessages.GRUPO_COR_INVALID)
  .transform((value) => value.toUpperCase());

/** Grupo (spec 000 §3): `data_criacao` as a pt-BR date, members as {id, nome}. */
export const grupoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  cor: z.string(),
  ativo: z.boolean(),
  data_criacao: z.string(),
  transportadores: z.array(z.object({ id: z.string(), nome: z.string() })),
});
export type Grupo = z.infer<typeof grupoSchema>;

/** A group without its members, with their number (`GET /api/groups?resumo=true`). */
export const grupoResumoSchema = grupoSchema
  .omit({ transportadores: true })
  .extend({ totalTransportadores: z.number() });
export type GrupoResumo = z.infer<typeof grupoResumoSchema>;

/** Members a group's card names (the rest is counted: 'e mais N'). */
export const GRUPO_CARD_MEMBERS = 5;

/**
 * `GET /api/groups?resumo=true&page=…` (the 'Grupos' tab): a page of groups, each with its count and its
 * first members by name, instead of every member (a group of the company's thousands of carriers). The
 * members dialog reads each carrier's groups from the carriers list it pages through.
 */
export const grupoCartaoSchema = grupoResumoSchema.extend({
  primeirosTransportadores: z.array(z.object({ id: z.string(), nome: z.string() })),
});
export type GrupoCartao = z.infer<typeof grupoCartaoSchema>;

export const createGrupoBodySchema = z.strictObject({
  nome: grupoNome,
  descricao: grupoDescricao,
  cor: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), grupoCor.optional())
    .transform((value) => value ?? DEFAULT_GRUPO_COR),
  ativo: z.boolean().default(true),
});
export type CreateGrupoBody = z.infer<typeof createGrupoBodySchema>;

export const updateGrupoBodySchema = z.strictObject({
  nome: grupoNome.optional(),
  descricao: grupoDescricao.optional(),
  cor: grupoCor.optional(),
  ativo: z.boolean().optional(),
});
export type UpdateGrupoBody = z.infer<typeof updateGrupoBodySchema>;

export const grupoMemberParamsSchema = z.object({ id: uuid, transporterId: uuid });

/** Bulk add (beyond the spec's one call per agent): members already in the group are skipped. */
export const addMembersBodySchema = z.strictObject({
  transportadorIds: z
    .array(uuid, { error: fieldMessages.selectCarrier })
    .min(1, fieldMessages.selectCarrier)
    .max(MAX_IMPORT_ROWS * 2, formatMessage(fieldMessages.selectCarrierMax, { max: MAX_IMPORT_ROWS * 2 })),
});
export const addMembersResponseSchema = z.object({
  message: z.string(),
  adicionados: z.number(),
  jaMembros: z.number(),
});
export const memberChangeResponseSchema = z.object({ message: z.string(), alterado: z.boolean() });

// ---- import / export ----

export const IMPORT_ROW_STATUSES = ['novo', 'atualizar', 'invalido'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** One row of an import file as understood by the server, before anything is written. */
export const importRowSchema = z.object({
  /** Line number in the file (the header is line 1). */
  linha: z.number(),
  nome: z.string(),
  emails: z.array(z.string()),
  grupos: z.array(z.string()),
  status: z.enum(IMPORT_ROW_STATUSES),
  erros: z.array(z.string()),
  /** The carrier an `atualizar` row updates (found by one of its e-mails). */
  existente: z.object({ id: z.string(), nome: z.string() }).nullable(),
  /** Addresses the update adds to the existing carrier. */
  emailsNovos: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  arquivo: z.string(),
  linhas: z.array(importRowSchema),
  resumo: z.object({
    total: z.number(),
    novos: z.number(),
    atualizados: z.number(),
    invalidos: z.number(),
  }),
  /** Group names in the file that do not exist yet: created on confirmation. */
  gruposNovos: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Confirmation: the rows the preview showed; the server checks them again and writes the valid ones. */
export const importCommitBodySchema = z.strictObject({
  linhas: z
    .array(
      z.strictObject({
        linha: z
          .number()
          .int()
          .min(1)
          .max(MAX_IMPORT_ROWS + 1)
          .optional(),
        nome: z.string().max(500),
        emails: z.array(z.string().max(500)).max(100),
        grupos: z.array(z.string().max(200)).max(50).default([]),
      }),
    )
    .min(1, errorMessages.IMPORT_NOTHING_VALID)
    .max(MAX_IMPORT_ROWS, errorMessage('IMPORT_TOO_MANY_ROWS', { max: MAX_IMPORT_ROWS })),
  /**
   * The file's rows the preview found invalid and the page did not send: counted among the ignored in the
   * result (QA pass 40a: "0 linha(s) ignorada(s)" after two were left out).
   */
  ignoradas: z.number().int().min(0).max(MAX_IMPORT_ROWS).optional(),
});
export type ImportCommitBody = z.infer<typeof importCommitBodySchema>;

export const importResultSchema = z.object({
  message: z.string(),
  criados: z.number(),
  atualizados: z.number(),
  ignorados: z.number(),
  gruposCriados: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportQuerySchema = transportadorFilterSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: fieldMessages.exportFormatInvalid }).default('xlsx'),
});
