import { z } from 'zod';
import {
  portalFieldMessages as m,
  PORTAL_LANGUAGES,
  type PortalFieldMessages,
  type PortalLanguage,
  portalTexts,
} from '../messages/ui-portal.js';
import { emailSchema } from './auth.js';

/*
 * The carrier portal (issue 35, ADR 0026): a carrier asks for a link by quote code and e-mail, opens the
 * request it received and answers it with a structured form. Wire names are Portuguese (glossary).
 */

export const PORTAL_CURRENCIES = ['USD', 'BRL', 'EUR'] as const;
export type PortalCurrency = (typeof PORTAL_CURRENCIES)[number];

/**
 * Freight units the form offers: container types (FCL), per kg (air), per m³ and per W/M (LCL: the greater
 * of tonnes and m³; QA pass 17 saw a W/M price counted per m³ because the form had no W/M).
 */
export const PORTAL_FREIGHT_UNITS = [
  '20DC',
  '20RF',
  '40DC',
  '40HC',
  '40RF',
  '45HC',
  'KG',
  'M3',
  'WM',
] as const;
/** Units priced per measure, which may have a minimum ("USD 3,85/kg, min USD 150"). */
export const PORTAL_MEASURE_UNITS: readonly PortalFreightUnit[] = ['KG', 'M3', 'WM'];
export type PortalFreightUnit = (typeof PORTAL_FREIGHT_UNITS)[number];

/** Fee bases the form offers, and the unit marker the comparison counts each by (comparison/quantities.ts). */
export const PORTAL_FEE_UNITS = ['conteiner', 'bl', 'embarque', 'kg', 'm3', 'wm'] as const;
export type PortalFeeUnit = (typeof PORTAL_FEE_UNITS)[number];
/** Fee bases per measure, which may have a minimum ("Fuel USD 0,85/kg, min USD 50"). */
export const PORTAL_MEASURE_FEE_UNITS: readonly PortalFeeUnit[] = ['kg', 'm3', 'wm'];
export const isMeasureFeeUnit = (unidade: string) =>
  (PORTAL_MEASURE_FEE_UNITS as readonly string[]).includes(unidade);
export const PORTAL_FEE_UNIT_CODES: Record<PortalFeeUnit, string> = {
  conteiner: 'CNTR',
  bl: 'BL',
  embarque: 'PROCESSO',
  kg: 'KG',
  m3: 'M3',
  wm: 'WM',
};

/** Whether a quote's freight type ships in containers (FCL, or not said): its charges may be per container. */
const shipsContainers = (tipoFrete: string | null | undefined) =>
  !tipoFrete || tipoFrete.trim().toUpperCase() === 'FCL';

/**
 * The basis a new charge row starts with: per container for a container shipment, per shipment otherwise (an
 * air or LCL quote has no container to count; QA pass 22: an AWB fee "por contêiner" was never summed).
 */
export function defaultFeeUnit(tipoFrete?: string | null): PortalFeeUnit {
  return shipsContainers(tipoFrete) ? 'conteiner' : 'embarque';
}

/**
 * The basis a fee named `nome` is usually charged on, for a form whose user has not chosen one: the
 * documentation and per-shipment charges per BL (an air waybill's per shipment), the rest (THC, ISPS, seal,
 * surcharges) per container — per shipment on an air or LCL quote (QA pass 5: 'Registrar resposta' counted
 * every typed fee once per BL, a THC on 5 containers included).
 */
export function usualFeeUnit(nome: string, tipoFrete?: string | null): PortalFeeUnit {
  const folded = nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/\b(awb|hawb|mawb|air ?waybill)\b/.test(folded)) return 'embarque';
  return /\b(bl|b\/l|doc|docs|documenta\w*|document\w*|emiss\w*|libera\w*|release|telex|courier|despacho|handling|process\w*|embarque|shipment|ams|ens|isf|aci)\b/.test(
    folded,
  )
    ? 'bl'
    : defaultFeeUnit(tipoFrete);
}

function codigoOf(messages: PortalFieldMessages) {
  return (
    z
      .string({ error: messages.codigoRequired })
      .trim()
      // An empty code is said once (QA pass 42c: "Informe o código" and "Código inválido" together).
      .min(1, { error: messages.codigoRequired, abort: true })
      .max(40, { error: messages.codigoInvalid, abort: true })
      .regex(/^COT-\d{4}-\d{3,}$/i, messages.codigoInvalid)
      .transform((value) => value.toUpperCase())
  );
}

/** A token as it appears in /portal/<token>: 43 URL-safe characters (256 bits); a little slack either way. */
export const portalTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, m.tokenInvalid),
});

/**
 * The language the carrier chose on the page (beyond the spec, ADR 0026 addendum 2026-12-08): the link
 * e-mail and the answer page follow it instead of the quote's (QA pass 42c: an English choice on the entry
 * page got a Portuguese e-mail and page). Absent: the quote's language.
 */
const chosenLanguage = z.enum(PORTAL_LANGUAGES).optional();

export const portalLinkBodySchema = z.strictObject({
  codigo: codigoOf(m),
  email: emailSchema,
  idioma: chosenLanguage,
});

/** `?lang=` of the answer's POST: the page's language, for the API's refusals (absent: the quote's). */
export const portalLanguageQuerySchema = z.object({ lang: chosenLanguage });

/**
 * The entry form's check by the page's language: the English one has the same rules (the e-mail's are
 * `emailSchema`'s, auth.ts) with English messages. The API checks with the Portuguese one.
 */
export const portalLinkBodySchemas: Record<PortalLanguage, typeof portalLinkBodySchema> = {
  pt: portalLinkBodySchema,
  en: z.strictObject({
    codigo: codigoOf(portalTexts.en.fields),
    email: z
      .string({ error: portalTexts.en.fields.emailRequired })
      .trim()
      .min(1, portalTexts.en.fields.emailRequired)
      .max(254, portalTexts.en.fields.emailInvalid)
      .pipe(z.email({ error: portalTexts.en.fields.emailInvalid }))
      .transform((value) => value.toLowerCase()),
    idioma: chosenLanguage,
  }),
};
export type PortalLinkBody = z.infer<typeof portalLinkBodySchema>;

/** The answer form in the messages of one language (the form's and the API's checks are the same). */
function answerSchemaOf(m: PortalFieldMessages) {
  const money = z
    .number({ error: m.valueInvalid })
    .refine(Number.isFinite, m.valueInvalid)
    .min(0, m.valueNegative)
    .max(10_000_000, m.valueTooLarge);
  const currency = z.enum(PORTAL_CURRENCIES, { error: m.currencyInvalid });
  const days = z
    .number({ error: m.daysInvalid })
    .int(m.daysInvalid)
    .min(0, m.daysInvalid)
    .max(365, m.daysInvalid)
    .nullable()
    .default(null);
  const optionalText = (max: number) =>
    z
      .string()
      .trim()
      .max(max, m.textTooLong.replace('{max}', String(max)))
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value));

  /** One of the view's `destinos` when the quote names several; null otherwise ('' is null). */
  const port = z
    .string({ error: m.destinationInvalid })
    .trim()
    .max(120, m.destinationInvalid)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value));

  const freight = z.strictObject({
    unidade: z.enum(PORTAL_FREIGHT_UNITS, { error: m.freightUnitInvalid }),
    moeda: currency,
    valor: money.refine((value) => value > 0, m.freightValuePositive),
    /** The least charged for a price per measure (kg, m³, W/M), in the price's currency; null: none. */
    minimo: money.nullable().default(null),
    /**
     * The port this price is for, one of the view's `destinos` when the quote names several (QA pass 8: a
     * portal answer could not price Santos and Itajaí apart); null otherwise. The service checks it.
     */
    destino: port,
  });

  const fee = z.strictObject({
    nome: z.string({ error: m.feeNameRequired }).trim().min(1, m.feeNameRequired).max(80, m.feeNameTooLong),
    moeda: currency,
    valor: money,
    unidade: z.enum(PORTAL_FEE_UNITS, { error: m.feeUnitInvalid }),
    /**
     * The least charged for a charge per kg, m³ or W/M, in its currency; null: none (QA pass 42c: the portal
     * had no minimum for charges, so "Fuel 0,85/kg, min 50" was counted below its minimum). Ignored for
     * other bases.
     */
    minimo: money.nullable().default(null),
    /**
     * The port this charge is for when the quote names several and the charge differs by port (a THC of
     * Santos and one of Itajaí); null: every port (QA pass 17: a portal answer priced both ports with the
     * same charges). The service checks it as a freight's.
     */
    destino: port,
  });

  return z.strictObject({
    fretes: z
      .array(freight)
      .min(1, m.freightRequired)
      .max(20, m.tooManyRows)
      .refine(
        (rows) =>
          new Set(rows.map((row) => `${row.destino ?? ''}:${row.unidade}:${row.moeda}`)).size === rows.length,
        m.freightDuplicate,
      ),
    taxas: z.array(fee).max(40, m.tooManyRows).default([]),
    transitTimeDias: days,
    freeTimeDias: days,
    validade: z.iso.date({ error: m.dateInvalid }).nullable().default(null),
    condicoesPagamento: optionalText(500),
    observacoes: optionalText(4000),
  });
}

/**
 * A validity before `today` (YYYY-MM-DD in Brasília) is refused beside its field, by the form and the API
 * alike: an offer already expired is a typing slip, and would stand in the comparison as "expirada".
 */
export function validityIssue(
  answer: Pick<PortalAnswer, 'validade'>,
  today: string,
  messages: PortalFieldMessages,
): { path: string; message: string } | null {
  return answer.validade !== null && answer.validade < today
    ? { path: 'validade', message: messages.validityPast }
    : null;
}

/** The answer form (POST /api/portal/{token}/resposta, field `dados` of the multipart body), pt-BR messages. */
export const portalAnswerSchema = answerSchemaOf(m);
/** The answer form by the quote's language: an English request gets English field messages. */
export const portalAnswerSchemas: Record<PortalLanguage, typeof portalAnswerSchema> = {
  pt: portalAnswerSchema,
  en: answerSchemaOf(portalTexts.en.fields),
};
export type PortalAnswer = z.infer<typeof portalAnswerSchema>;
export type PortalAnswerInput = z.input<typeof portalAnswerSchema>;

/** The answer as the portal page reads it back (no transforms: the API serialises it with this). */
export const portalAnswerOutputSchema = z.object({
  fretes: z.array(
    z.object({
      unidade: z.enum(PORTAL_FREIGHT_UNITS),
      moeda: z.enum(PORTAL_CURRENCIES),
      valor: z.number(),
      minimo: z.number().nullable().optional(),
      destino: z.string().nullable().optional(),
    }),
  ),
  taxas: z.array(
    z.object({
      nome: z.string(),
      moeda: z.enum(PORTAL_CURRENCIES),
      valor: z.number(),
      unidade: z.enum(PORTAL_FEE_UNITS),
      minimo: z.number().nullable().optional(),
      destino: z.string().nullable().optional(),
    }),
  ),
  transitTimeDias: z.number().nullable(),
  freeTimeDias: z.number().nullable(),
  validade: z.string().nullable(),
  condicoesPagamento: z.string().nullable(),
  observacoes: z.string().nullable(),
});

/** 'cancelada': the company cancelled the quote (said apart from 'decidida', an approval or a closing). */
export const PORTAL_STATES = ['aberta', 'prazo_encerrado', 'decidida', 'cancelada'] as const;
export type PortalState = (typeof PORTAL_STATES)[number];

/** GET /api/portal/{token}: the request as this carrier received it, and its own answer. */
export const portalViewSchema = z.object({
  /** The quote's language (`idiomaEmail`): the page, its field messages and the API's refusals follow it. */
  idioma: z.enum(PORTAL_LANGUAGES),
  empresa: z.string(),
  codigo: z.string(),
  transportador: z.string(),
  email: z.string().nullable(),
  tipoFrete: z.string(),
  prazoResposta: z.string(),
  estado: z.enum(PORTAL_STATES),
  pedido: z.object({ assunto: z.string(), texto: z.string(), enviadoEm: z.string().nullable() }),
  anexos: z.array(z.object({ id: z.string(), nome: z.string(), tamanho: z.number() })),
  /** Freight units to offer first: the container types the quote asked, or per kg / m³. */
  unidadesSugeridas: z.array(z.enum(PORTAL_FREIGHT_UNITS)),
  /** The ports the quote names when it names more than one ('Santos / Itajaí'): each price says its port. */
  destinos: z.array(z.string()),
  /** This carrier's current answer given through the portal, to prefill the form (null: none yet). */
  resposta: portalAnswerOutputSchema.nullable(),
  versao: z.number().nullable(),
  respondidaEm: z.string().nullable(),
  /**
   * This carrier's current answer when it came otherwise (e-mail) after its portal answer, or without
   * one: the form prefills the portal answer, which is no longer the one that counts (QA pass 17).
   */
  respostaMaisNova: z.object({ versao: z.number(), recebidaEm: z.string() }).nullable().optional(),
});
export type PortalView = z.infer<typeof portalViewSchema>;

export const portalAnswerResultSchema = z.object({ data: portalViewSchema, message: z.string() });
