import { ui } from '@cotacoes/shared/messages/ui';
import { formatCnpj } from '@cotacoes/shared/rules/cnpj';
import {
  type CreateEmpresaBody,
  createEmpresaBodySchema,
  type Empresa,
} from '@cotacoes/shared/schemas/empresas';
import { CnpjInput } from '@/components/ui/cnpj-input';
import { Input } from '@/components/ui/input';
import type { FieldErrors } from '@/lib/form';
import { issuesToFieldErrors } from '@/lib/form';

const f = ui.companies.fields;

/** The spec's company fields (nome, codigo, cnpj, email, telefone, endereco) as typed text. */
export interface CompanyFormValues {
  nome: string;
  codigo: string;
  cnpj: string;
  email: string;
  telefone: string;
  endereco: string;
}

export const emptyCompanyValues: CompanyFormValues = {
  nome: '',
  codigo: '',
  cnpj: '',
  email: '',
  telefone: '',
  endereco: '',
};

export function companyToValues(empresa: Empresa): CompanyFormValues {
  return {
    nome: empresa.nome,
    codigo: empresa.codigo,
    cnpj: empresa.cnpj ? formatCnpj(empresa.cnpj) : '',
    email: empresa.email ?? '',
    telefone: empresa.telefone ?? '',
    endereco: empresa.endereco ?? '',
  };
}

/** Validates with the API's own schema (same pt-BR messages); blank optional fields become null. */
export function parseCompanyValues(
  values: CompanyFormValues,
): { ok: true; data: CreateEmpresaBody } | { ok: false; errors: FieldErrors } {
  const parsed = createEmpresaBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
}

export function CompanyFields({
  values,
  onChange,
  errors,
  idPrefix,
}: {
  values: CompanyFormValues;
  onChange: (values: CompanyFormValues) => void;
  errors: FieldErrors;
  idPrefix: string;
}) {
  const set = (field: keyof CompanyFormValues) => (value: string) => onChange({ ...values, [field]: value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        id={`${idPrefix}-nome`}
        label={f.nome}
        name="nome"
        value={values.nome}
        onChange={(event) => set('nome')(event.target.value)}
        errors={errors.nome}
        required
        maxLength={200}
      />
      <Input
        id={`${idPrefix}-codigo`}
        label={f.codigo}
        name="codigo"
        value={values.codigo}
        onChange={(event) => set('codigo')(event.target.value.toUpperCase())}
        errors={errors.codigo}
        required
        maxLength={30}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <CnpjInput
        id={`${idPrefix}-cnpj`}
        label={f.cnpj}
        name="cnpj"
        placeholder={ui.companies.cnpjPlaceholder}
        value={values.cnpj}
        onValueChange={set('cnpj')}
        errors={errors.cnpj}
      />
      <Input
        id={`${idPrefix}-email`}
        label={f.email}
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(event) => set('email')(event.target.value)}
        errors={errors.email}
      />
      <Input
        id={`${idPrefix}-telefone`}
        label={f.telefone}
        name="telefone"
        type="tel"
        autoComplete="off"
        value={values.telefone}
        onChange={(event) => set('telefone')(event.target.value)}
        errors={errors.telefone}
        maxLength={40}
      />
      <Input
        id={`${idPrefix}-endereco`}
        label={f.endereco}
        name="endereco"
        value={values.endereco}
        onChange={(event) => set('endereco')(event.target.value)}
        errors={errors.endereco}
        maxLength={500}
      />
    </div>
  );
}
