import '@/lib/zod-messages';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import {
  isMeasureFeeUnit,
  PORTAL_MEASURE_UNITS,
  type PortalFeeUnit,
  type PortalFreightUnit,
  usualFeeUnit,
} from '@cotacoes/shared/schemas/portal';
import { type TypedValues, typedValuesSchema } from '@cotacoes/shared/schemas/responses';
import { parseMoneyInput } from '@/lib/number-input';

const t = uiReplies.register.values;

export const CURRENCIES = ['USD', 'BRL', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * One freight price as typed: a container type, per kg, per m³ or per W/M (with a minimum), for one port
 * when the quote names several (QA pass 21: the form had only "Frete 20'" and "Frete 40'").
 */
export interface FreightDraft {
  key: number;
  unidade: PortalFreightUnit;
  valor: string;
  moeda: Currency;
  /** The least charged, for a price per measure. */
  minimo: string;
  /** '' = the quote's only port (or no port named). */
  destino: string;
}

export interface FeeDraft {
  key: number;
  nome: string;
  valor: string;
  moeda: Currency;
  /** Per container, BL… (QA pass 5: every typed fee counted once per BL). */
  unidade: PortalFeeUnit;
  /** The analyst picked the basis: typing the name no longer changes it. */
  unidadeEscolhida: boolean;
  /** '' = every port. */
  destino: string;
  /** The least charged, for a charge per kg, m³ or W/M ('' none). */
  minimo: string;
}

/**
 * A fee's draft after its name changed: the usual basis for the name on this quote's freight type (an AWB
 * fee per shipment, a THC per container on FCL), unless one was picked.
 */
export function withFeeName(fee: FeeDraft, nome: string, tipoFrete?: string | null): FeeDraft {
  return { ...fee, nome, unidade: fee.unidadeEscolhida ? fee.unidade : usualFeeUnit(nome, tipoFrete) };
}

/** The typed-values form as the person types it: amounts and days as text. */
export interface TypedValuesDraft {
  fretes: FreightDraft[];
  taxas: FeeDraft[];
  transitTimeDias: string;
  freeTimeDias: string;
  validade: string;
  observacoes: string;
}

export const isMeasureUnit = (unit: PortalFreightUnit) => PORTAL_MEASURE_UNITS.includes(unit);

/** A blank freight row of `unidade` (keys from 1000 up: the form's own rows count from 1). */
export const freightRow = (key: number, unidade: PortalFreightUnit, destino = ''): FreightDraft => ({
  key,
  unidade,
  valor: '',
  moeda: 'USD',
  minimo: '',
  destino,
});

/**
 * The form as it opens: a row for each freight unit the quote asks (its container types, W/M for LCL, per kg
 * for air), for each of its ports when it names several.
 */
export const emptyTypedValues = (
  units: readonly PortalFreightUnit[] = ['20DC', '40HC'],
  ports: readonly string[] = [],
): TypedValuesDraft => ({
  fretes: (ports.length > 0 ? ports : ['']).flatMap((port, p) =>
    units.map((unit, u) => freightRow(1000 + p * units.length + u, unit, port)),
  ),
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

/** Errors keyed by field ('fretes.0.valor', 'taxas.0.valor', 'form'), in the screen's own words. */
export type ValueErrors = Record<string, string>;

function messageFor(path: readonly PropertyKey[], schemaMessage: string, code?: string): string {
  const [field, index, leaf] = path.map(String);
  // A size says its limit ("Use no máximo 100 caracteres.", "Itens demais: no máximo 50."; QA pass 43b: a
  // 150-character name read "Informe o nome da taxa.").
  if (code === 'too_big') return schemaMessage;
  if (field === 'fretes' && index === undefined) return schemaMessage;
  if (field === 'fretes') return leaf === 'valor' ? t.invalidFreight : t.invalidAmount;
  if (field === 'taxas') return leaf === 'nome' ? t.feeNameRequired : t.invalidAmount;
  if (field === 'transitTimeDias' || field === 'freeTimeDias') return t.invalidDays;
  if (field === 'validade') return t.invalidDate;
  return t.tooLong;
}

/**
 * Checks the draft with the API's own schema (typedValuesSchema); at least a freight or a fee. A freight row
 * left blank (a type the carrier did not price) is left out.
 */
export function validateTypedValues(
  draft: TypedValuesDraft,
): { ok: true; values: TypedValues } | { ok: false; errors: ValueErrors } {
  const errors: ValueErrors = {};
  // The draft row of each price sent, so that an error lands beside its row.
  const rows = draft.fretes.flatMap((row, at) =>
    row.valor.trim() || row.minimo.trim() ? [{ row, at }] : [],
  );
  const fretes = rows.map(({ row }) => ({
    unidade: row.unidade,
    valor: parseAmount(row.valor) ?? Number.NaN,
    moeda: row.moeda,
    minimo: isMeasureUnit(row.unidade) ? parseAmount(row.minimo) : null,
    destino: row.destino || null,
  }));
  const candidate = {
    moeda: fretes[0]?.moeda ?? 'USD',
    fretes,
    taxas: draft.taxas.map((fee) => ({
      nome: fee.nome,
      valor: parseAmount(fee.valor),
      moeda: fee.moeda,
      unidade: fee.unidade,
      minimo: isMeasureFeeUnit(fee.unidade) ? parseAmount(fee.minimo) : null,
      destino: fee.destino || null,
    })),
    transitTimeDias: parseDays(draft.transitTimeDias),
    freeTimeDias: parseDays(draft.freeTimeDias),
    validade: draft.validade || null,
    observacoes: draft.observacoes.trim() || null,
  };
  const parsed = typedValuesSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      // A price's index is its row's in the form.
      if (path[0] === 'fretes' && path[1] !== undefined)
        path[1] = String(rows[Number(path[1])]?.at ?? path[1]);
      // A list's own error (too many charges) has no field of its own: the form says it.
      const key = path.length === 1 && path[0] === 'taxas' ? 'form' : path.join('.');
      errors[key] ??= messageFor(path, issue.message, issue.code);
    }
  }
  if (candidate.fretes.length === 0 && candidate.taxas.length === 0) errors.form = t.empty;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, values: parsed.data };
}
