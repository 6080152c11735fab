import type { ErrorCode } from '../messages/errors.js';

/*
 * The rules a quote's fields follow (spec 001 §5), decided once for the wizard (apps/web draft.ts) and the
 * server (quotes.service): what a format requires, a deadline later than now, at least one recipient.
 */

export type QuoteFormat = 'EMAIL' | 'PDF' | 'EXCEL';

const isBlank = (value: string | null | undefined) => !value || value.trim() === '';

/** PDF and Excel requests carry a file; the manual (e-mail) one describes the cargo in fields. */
export function isFileFormat(metodoEnvio: QuoteFormat | null | undefined): boolean {
  return metodoEnvio === 'PDF' || metodoEnvio === 'EXCEL';
}

/** The route a manual request needs: origem and destino non-blank. */
export function routeFieldErrors(fields: {
  metodoEnvio: QuoteFormat | null | undefined;
  origem?: string | null;
  destino?: string | null;
}): { origem?: ErrorCode; destino?: ErrorCode } {
  if (isFileFormat(fields.metodoEnvio)) return {};
  const errors: { origem?: ErrorCode; destino?: ErrorCode } = {};
  if (isBlank(fields.origem)) errors.origem = 'QUOTE_ORIGEM_REQUIRED';
  if (isBlank(fields.destino)) errors.destino = 'QUOTE_DESTINO_REQUIRED';
  return errors;
}

/** The furthest response deadline accepted: a year ("31/12/9999" was accepted and mailed, QA pass 42b). */
export const MAX_DEADLINE_DAYS = 366;

/**
 * A response deadline must be a valid instant later than `now` (the deadline picker allows no past) and at
 * most `MAX_DEADLINE_DAYS` ahead.
 */
export function deadlineError(prazo: Date | null, now: Date): ErrorCode | null {
  if (!prazo || Number.isNaN(prazo.getTime())) return 'QUOTE_PRAZO_INVALID';
  if (prazo.getTime() <= now.getTime()) return 'QUOTE_PRAZO_PAST';
  if (prazo.getTime() > now.getTime() + MAX_DEADLINE_DAYS * 24 * 3600 * 1000) return 'QUOTE_PRAZO_TOO_FAR';
  return null;
}

/**
 * Whether a free-text amount starts with a negative or a zero number ("-1500 kg", "0 contêineres",
 * "0,00"): the fields are text (units and ranges are the user's: "1.500 kg", "30-35 dias"), so only the
 * leading figure is judged; text without a leading figure ("a confirmar") is left alone.
 */
export function notPositiveAmount(value: string | null | undefined): boolean {
  const match = /^\s*([-−–])?\s*(\d[\d.,]*)/.exec(value ?? '');
  if (!match) return false;
  return match[1] !== undefined || /^[0.,]+$/.test(match[2]!);
}

/**
 * The cargo figures a carrier prices from (QA pass 42b: "Peso bruto total: -1500 kg" and "0 contêineres"
 * reached the carriers): weight, transit time, goods value and each item's quantity, when given, must
 * start with a number above zero.
 */
export function amountFieldErrors(fields: {
  pesoBrutoTotal?: string | null;
  tempoTransito?: string | null;
  valorMercadoria?: string | null;
  itens?: readonly { quantidadeVolumes?: string | null }[];
}): {
  pesoBrutoTotal?: ErrorCode;
  tempoTransito?: ErrorCode;
  valorMercadoria?: ErrorCode;
  itens?: ErrorCode;
} {
  const errors: ReturnType<typeof amountFieldErrors> = {};
  if (notPositiveAmount(fields.pesoBrutoTotal)) errors.pesoBrutoTotal = 'QUOTE_PESO_INVALID';
  if (notPositiveAmount(fields.tempoTransito)) errors.tempoTransito = 'QUOTE_TRANSITO_INVALID';
  if (notPositiveAmount(fields.valorMercadoria)) errors.valorMercadoria = 'QUOTE_VALOR_INVALID';
  if ((fields.itens ?? []).some((item) => notPositiveAmount(item.quantidadeVolumes)))
    errors.itens = 'QUOTE_VOLUMES_INVALID';
  return errors;
}

/** The first of `amountFieldErrors`, in the form's order: what the server answers and the review step says. */
export function firstAmountError(fields: Parameters<typeof amountFieldErrors>[0]): ErrorCode | null {
  const errors = amountFieldErrors(fields);
  return errors.pesoBrutoTotal ?? errors.tempoTransito ?? errors.valorMercadoria ?? errors.itens ?? null;
}

/** At least one carrier or group is chosen. */
export function hasRecipients(destinatarios: {
  transportadores: readonly unknown[];
  grupos: readonly unknown[];
}): boolean {
  return destinatarios.transportadores.length + destinatarios.grupos.length > 0;
}
