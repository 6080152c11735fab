import { ui } from '@cotacoes/shared/messages/ui';
import { isValidEmail, joinEmails } from '@cotacoes/shared/rules/email-list';
import {
  createGrupoBodySchema,
  createTransportadorBodySchema,
  DEFAULT_GRUPO_COR,
  updateGrupoBodySchema,
  updateTransportadorBodySchema,
} from '@cotacoes/shared/schemas/carriers';
import { type FieldErrors, issuesToFieldErrors } from '@/lib/form';

type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export interface CarrierValues {
  nome: string;
  emails: string[];
  grupos: string[];
  ativo: boolean;
}

export const emptyCarrierValues: CarrierValues = { nome: '', emails: [''], grupos: [], ativo: true };

export interface CarrierBody {
  nome: string;
  email: string;
  grupos: string[];
  ativo: boolean;
}

/**
 * The create and edit forms, checked by the API's own schemas (same pt-BR messages): name required,
 * blank e-mails dropped, at least one e-mail, every one an address; the rest joined with ';'.
 */
export function parseCarrierValues(values: CarrierValues, mode: 'create' | 'edit'): Parsed<CarrierBody> {
  const input = { nome: values.nome, email: values.emails, grupos: values.grupos, ativo: values.ativo };
  const result =
    mode === 'create'
      ? createTransportadorBodySchema.safeParse(input)
      : updateTransportadorBodySchema.required().safeParse(input);
  if (!result.success) return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
  const { nome, email, grupos, ativo } = result.data;
  return { ok: true, data: { nome, email: joinEmails(email), grupos, ativo } };
}

/** The simple carrier modal (spec 5): 'Nome é obrigatório', 'Email é obrigatório', 'Email inválido'. */
export function parseSimpleCarrier(values: {
  nome: string;
  email: string;
}): Parsed<{ nome: string; email: string; ativo: boolean }> {
  const t = ui.management.carriers;
  const errors: FieldErrors = {};
  const nome = values.nome.trim();
  const email = values.email.trim();
  if (!nome) errors.nome = [t.simpleNameRequired];
  if (!email) errors.email = [t.simpleEmailRequired];
  else if (!isValidEmail(email)) errors.email = [t.simpleEmailInvalid];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { nome, email: email.toLowerCase(), ativo: true } };
}

export interface GroupValues {
  nome: string;
  descricao: string;
  cor: string;
  ativo: boolean;
}

export const emptyGroupValues: GroupValues = {
  nome: '',
  descricao: '',
  cor: DEFAULT_GRUPO_COR,
  ativo: true,
};

export interface GroupBody {
  nome: string;
  descricao?: string;
  cor: string;
  ativo: boolean;
}

/** Create group (spec 5): name required, colour defaults to #0066CC, an empty description is omitted. */
export function parseGroupValues(values: GroupValues): Parsed<GroupBody> {
  const result = createGrupoBodySchema.safeParse(values);
  if (!result.success) return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
  const { nome, descricao, cor, ativo } = result.data;
  return { ok: true, data: { nome, ...(descricao ? { descricao } : {}), cor, ativo } };
}

/** Edit group: every field sent; an emptied description becomes null. */
export function parseGroupUpdate(
  values: GroupValues,
): Parsed<{ nome: string; descricao: string | null; cor: string; ativo: boolean }> {
  const result = updateGrupoBodySchema.safeParse(values);
  if (!result.success) return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
  const { nome, descricao, cor, ativo } = result.data;
  return {
    ok: true,
    data: {
      nome: nome ?? values.nome,
      descricao: descricao ?? null,
      cor: cor ?? values.cor,
      ativo: ativo ?? true,
    },
  };
}
