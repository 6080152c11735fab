import { fieldMessages } from '@cotacoes/shared/messages/success';
import { ui } from '@cotacoes/shared/messages/ui';
import { unitWords } from '@cotacoes/shared/rules/hints';
import { formatAmount } from '@/lib/format';
import { parsePtBrNumber } from '@/lib/number-input';

export { parsePtBrNumber };

import { correctionFieldKind, FEE_UNIT_CODES, FREIGHT_UNIT_CODES } from '@cotacoes/shared/schemas/decisions';

export type ParsedCorrection = { ok: true; valor: number | string | null } | { ok: false; message: string };

/** 'dd/mm/aaaa' or 'aaaa-mm-dd' → 'aaaa-mm-dd' when it is a real calendar date; null otherwise. */
export function parsePtBrDate(text: string): string | null {
  const value = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const CURRENCY_ALIASES: Record<string, string> = {
  R$: 'BRL',
  BRL: 'BRL',
  US$: 'USD',
  $: 'USD',
  USD: 'USD',
  '€': 'EUR',
  EUR: 'EUR',
};

/**
 * What the analyst typed for `campo`, as the correction body's `valor`: empty clears the value (null),
 * otherwise a number, whole days, an ISO date or a currency code, with the catalogue's field message when
 * it is none of those. The server validates again with the same schema.
 */
export function parseCorrection(campo: string, text: string): ParsedCorrection {
  const kind = correctionFieldKind(campo);
  if (kind === 'unidade') {
    const code = text.trim().toUpperCase();
    return unitOptions(campo).some((option) => option.value === code)
      ? { ok: true, valor: code }
      : { ok: false, message: ui.hints.fields.unitInvalid };
  }
  if (!text.trim()) return { ok: true, valor: null };
  if (kind === 'moeda') {
    const code = CURRENCY_ALIASES[text.trim().toUpperCase()];
    return code ? { ok: true, valor: code } : { ok: false, message: fieldMessages.correctionCurrencyInvalid };
  }
  if (kind === 'data') {
    const date = parsePtBrDate(text);
    return date ? { ok: true, valor: date } : { ok: false, message: fieldMessages.correctionDateInvalid };
  }
  const value = parsePtBrNumber(text);
  if (kind === 'dias') {
    return value !== null && Number.isInteger(value) && value >= 0 && value <= 365
      ? { ok: true, valor: value }
      : { ok: false, message: fieldMessages.correctionDaysInvalid };
  }
  return value !== null && value <= 100_000_000
    ? { ok: true, valor: Math.round(value * 100) / 100 }
    : { ok: false, message: fieldMessages.correctionNumberInvalid };
}

const CONTAINER_CODES: readonly string[] = FREIGHT_UNIT_CODES.slice(0, 9);

/**
 * The choices of a unit correction (ADR 0101): a freight line's container type or unit, a fee's basis,
 * each in words where it is not a container code ('por BL', 'por kg').
 */
export function unitOptions(campo: string): Array<{ value: string; label: string }> {
  const codes: readonly string[] = campo.startsWith('fretes.') ? FREIGHT_UNIT_CODES : FEE_UNIT_CODES;
  return codes.map((code) => ({
    value: code,
    label: CONTAINER_CODES.includes(code) ? code : unitWords(code),
  }));
}

/** A value as a person reads it: a unit in words ('por BL'), anything else as the input shows it. */
export function correctionDisplayText(campo: string, valor: number | string | null): string {
  if (correctionFieldKind(campo) === 'unidade' && typeof valor === 'string')
    return CONTAINER_CODES.includes(valor) ? valor : unitWords(valor);
  return correctionInputText(campo, valor);
}

/** The value as the input starts: '1.250,00', '32', '30/12/2026', 'USD'; empty when not informed. */
export function correctionInputText(campo: string, valor: number | string | null): string {
  if (valor === null) return '';
  const kind = correctionFieldKind(campo);
  if (kind === 'data' && typeof valor === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
    return match ? `${match[3]}/${match[2]}/${match[1]}` : valor;
  }
  if (kind === 'valor' && typeof valor === 'number') return formatAmount(valor);
  return String(valor);
}
