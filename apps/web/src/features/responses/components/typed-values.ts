import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { type PortalFeeUnit, usualFeeUnit } from '@cotacoes/shared/schemas/portal';
import { type TypedValues, typedValuesSchema } from '@cotacoes/shared/schemas/responses';
import { parseMoneyInput } from '@/lib/number-input';

const t = uiReplies.register.values;

export const CURRENCIES = ['USD', 'BRL', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface FeeDraft {
  key: number;
  nome: string;
  valor: string;
  moeda: Currency;
  /** Per container, BL… (QA pass 5: every typed fee counted once per BL). */
  unidade: PortalFeeUnit;
  /** The analyst picked the basis: typing the name no longer changes it. */
  unidadeEscolhida: boolean;
}

/** A fee's draft after its name changed: the usual basis for the name, unless one was picked. */
export function withFeeName(fee: FeeDraft, nome: string): FeeDraft {
  return { ...fee, nome, unidade: fee.unidadeEscolhida ? fee.unidade : usualFeeUnit(nome) };
}

/** The typed-values form as the person types it: amounts and days as text. */
export interface TypedValuesDraft {
  moeda: Currency;
  frete20: string;
  frete40: string;
  taxas: FeeDraft[];
  transitTimeDias: string;
  freeTimeDias: string;
  validade: string;
  observacoes: string;
}

export const emptyTypedValues = (): TypedValuesDraft => ({
  moeda: 'USD',
  frete20: '',
  frete40: '',
  taxas: [],
  transitTimeDias: '',
  freeTimeDias: '',
  validade: '',
  observacoes: '',
});

/** '1.850,00', '1850.5' or '1850' → a number; blank → null; anything else → NaN (then rejected). */
export function parseAmount(text: string): number | null {
  if (!text.trim()) return null;
  // "2.500" is two thousand five hundred, as everywhere else in the product (the QA pass read 2,50).
  return parseMoneyInput(text) ?? Number.NaN;
}

function parseDays(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** Errors keyed by field ('frete20', 'taxas.0.valor', 'form'), in the screen's own words. */
export type ValueErrors = Record<string, string>;

function messageFor(path: readonly PropertyKey[]): string {
  const [field, , leaf] = path.map(String);
  if (field === 'taxas') return leaf === 'nome' ? t.feeNameRequired : t.invalidAmount;
  if (field === 'frete20' || field === 'frete40') return t.invalidAmount;
  if (field === 'transitTimeDias' || field === 'freeTimeDias') return t.invalidDays;
  if (field === 'validade') return t.invalidDate;
  return t.tooLong;
}

/** Checks the draft with the API's own schema (typedValuesSchema); at least a freight or a fee. */
export function validateTypedValues(
  draft: TypedValuesDraft,
): { ok: true; values: TypedValues } | { ok: false; errors: ValueErrors } {
  const candidate = {
    moeda: draft.moeda,
    frete20: parseAmount(draft.frete20),
    frete40: parseAmount(draft.frete40),
    taxas: draft.taxas.map((fee) => ({
      nome: fee.nome,
      valor: parseAmount(fee.valor),
      moeda: fee.moeda,
      unidade: fee.unidade,
    })),
    transitTimeDias: parseDays(draft.transitTimeDias),
    freeTimeDias: parseDays(draft.freeTimeDias),
    validade: draft.validade || null,
    observacoes: draft.observacoes.trim() || null,
  };
  const errors: ValueErrors = {};
  const parsed = typedValuesSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= messageFor(issue.path);
    }
  }
  if (candidate.frete20 === null && candidate.frete40 === null && candidate.taxas.length === 0)
    errors.form = t.empty;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, values: parsed.data };
}
