import { ui } from '@cotacoes/shared/messages/ui';
import {
  type QuoteDetail,
  type UpdateQuoteBody,
  updateQuoteBodySchema,
} from '@cotacoes/shared/schemas/quotes';
import { type FieldErrors, issuesToFieldErrors } from '@/lib/form';
import { parseLocalInput, toLocalInput } from '@/lib/local-datetime';
import { prazoError } from './draft';

/** The edit dialog's fields as typed; `prazo` is a `datetime-local` value in the browser's time zone. */
export interface EditQuoteValues {
  nomeSolicitante: string;
  referenciaProcesso: string;
  fti: string;
  prazo: string;
  /** With a new deadline: tell the carriers that have not answered ('prorrogar'). */
  avisar: boolean;
}

/** Carriers that have not answered yet (the quote's counter): whom a new deadline can be told to. */
export const pendingCarriers = (quote: QuoteDetail) =>
  Math.max(0, quote.contadorRespostas.total - quote.contadorRespostas.respondidas);

export function editValuesOf(quote: QuoteDetail): EditQuoteValues {
  const prazo = new Date(quote.prazoResposta);
  return {
    nomeSolicitante: quote.nomeSolicitante,
    referenciaProcesso: quote.referenciaProcesso,
    fti: quote.fti ?? '',
    prazo: Number.isNaN(prazo.getTime()) ? '' : toLocalInput(prazo),
    avisar: true,
  };
}

export type EditQuoteResult = { ok: true; body: UpdateQuoteBody } | { ok: false; errors: FieldErrors };

/**
 * The PATCH body of what changed, checked as the server checks it: non-blank requester and reference,
 * a future deadline (only when it was changed). Nothing changed → a form error, nothing to send.
 */
export function editQuoteChanges(
  quote: QuoteDetail,
  values: EditQuoteValues,
  now = new Date(),
): EditQuoteResult {
  const initial = editValuesOf(quote);
  const body: Record<string, string | boolean | null> = {};
  const errors: FieldErrors = {};
  for (const field of ['nomeSolicitante', 'referenciaProcesso'] as const) {
    if (values[field].trim() !== initial[field].trim()) body[field] = values[field].trim();
  }
  if (values.fti.trim() !== initial.fti.trim()) body.fti = values.fti.trim() || null;
  if (values.prazo !== initial.prazo) {
    const error = prazoError(values.prazo, now);
    if (error) errors.prazo = [error];
    else {
      body.prazoResposta = parseLocalInput(values.prazo)?.toISOString() ?? null;
      // Only an extended deadline is announced (the box shows only then; QA pass 40c: its default, still
      // checked, made an earlier deadline a 400).
      if (values.avisar && values.prazo > initial.prazo && pendingCarriers(quote) > 0)
        body.avisarTransportadores = true;
    }
  }
  if (Object.keys(body).length === 0) {
    return { ok: false, errors: errors.prazo ? errors : { form: [ui.quotes.detail.edit.nothingChanged] } };
  }
  const parsed = updateQuoteBodySchema.safeParse(body);
  if (parsed.success && !errors.prazo) return { ok: true, body: parsed.data };
  return {
    ok: false,
    errors: parsed.success ? errors : { ...errors, ...issuesToFieldErrors(parsed.error.issues) },
  };
}
