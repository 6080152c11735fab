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

/** A response deadline must be a valid instant later than `now` (the deadline picker allows no past). */
export function deadlineError(prazo: Date | null, now: Date): ErrorCode | null {
  if (!prazo || Number.isNaN(prazo.getTime())) return 'QUOTE_PRAZO_INVALID';
  if (prazo.getTime() <= now.getTime()) return 'QUOTE_PRAZO_PAST';
  return null;
}

/** At least one carrier or group is chosen. */
export function hasRecipients(destinatarios: {
  transportadores: readonly unknown[];
  grupos: readonly unknown[];
}): boolean {
  return destinatarios.transportadores.length + destinatarios.grupos.length > 0;
}
