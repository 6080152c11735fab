import { askedDestinations, quoteAskedFrom } from './comparison/asked.js';
import { ENGLISH_DATE_TIME } from './messages/date-formats.js';
import { formatMessage } from './messages/errors.js';
import { type QuoteDocumentLanguage, quoteDocumentMessages } from './messages/quote-document.js';

/** What a request says; the server renders it (e-mail, PDF) and the wizard previews the same text. */
export type QuoteMailInput = {
  language: QuoteDocumentLanguage;
  empresa: string;
  /** Null in the wizard's preview: the code is given when the quote is created. */
  codigo: string | null;
  nomeSolicitante: string;
  referenciaProcesso: string;
  fti: string | null;
  tipoFrete: string;
  prazoResposta: Date;
  /** PDF/Excel requests carry their content in the attached file: only what was filled is listed. */
  manual: boolean;
  origem: string | null;
  destino: string | null;
  incoterm: string | null;
  tempoTransito: string | null;
  preferenciaRota: boolean | null;
  evitarRota: string | null;
  evitarArmador: string | null;
  pesoBrutoTotal: string | null;
  valorMercadoria: string | null;
  cargaPerigosa: boolean | null;
  itens: { mercadoria: string | null; quantidadeVolumes: string | null; dimensoes: string | null }[];
  observacoes: string | null;
  descricaoAdicional: string | null;
  createdAt: Date | null;
};

export type QuoteDocument = {
  language: QuoteDocumentLanguage;
  title: string;
  intro: string[];
  sections: { title: string; rows: [string, string][] }[];
  items: { headers: [string, string, string]; rows: [string, string, string][] };
  notes: string | null;
  offer: { title: string; fields: readonly string[] };
  signature: string[];
  footer: string | null;
};

const TIME_ZONE = 'America/Sao_Paulo';

export function formatQuoteDateTime(date: Date, language: QuoteDocumentLanguage): string {
  if (language === 'pt')
    return new Intl.DateTimeFormat('pt-BR', {
      timeZone: TIME_ZONE,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(date);
  // The month in letters, as the English portal page writes it (QA pass 19).
  return new Intl.DateTimeFormat('en-GB', ENGLISH_DATE_TIME).format(date);
}

/** A deadline in a letter: '11/12/2026 14:00' in Portuguese (without Intl's comma), '11 Dec 2026, 14:00' in English. */
export function formatQuoteDeadline(date: Date, language: QuoteDocumentLanguage): string {
  return language === 'pt'
    ? formatQuoteDateTime(date, 'pt').replace(',', '')
    : formatQuoteDateTime(date, language);
}

/**
 * A measure typed in pt-BR ("38.500 kg", "USD 120.000,00", "2,8 m³"), written the English way for a request
 * in English ("38,500 kg", "USD 120,000.00", "2.8 m³"): a foreign agent read "38.500 kg" as 38.5 kg (QA pass
 * 40c). Only the unambiguous pt-BR forms change: dots between groups of three with an optional decimal comma,
 * or a decimal comma; "1.5" and whole numbers stay as typed.
 */
export function englishNumbers(text: string): string {
  return text.replace(/(?<![\d.,])(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+)(?![\d.,]*\d)/g, (number) => {
    const [whole, decimals] = number.replace(/\./g, '').split(',');
    const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return decimals === undefined ? grouped : `${grouped}.${decimals}`;
  });
}

/** More freight lines than this and the offer keeps one per container type only (or one in all). */
const MAX_FREIGHT_LINES = 12;

/**
 * The offer's freight lines: one per container type asked and per place when the request asks several
 * ("Frete 40HC (Santos): ", "Frete 20DV (Paranaguá): "), so that an inline answer prices each one (QA pass
 * 40c: one "Frete:" line for 2 × 40HC + 1 × 20DV to two ports); one "Frete:" line otherwise.
 */
function freightLines(input: QuoteMailInput, label: string): string[] {
  const asked = quoteAskedFrom({
    tipoFrete: input.tipoFrete,
    itens: input.itens,
    observacoes: input.observacoes,
    descricaoAdicional: input.descricaoAdicional,
  });
  const types =
    asked.conteineres.length > 1 ? asked.conteineres.map((ask) => ask.rotulo ?? ask.tipo) : [null];
  const origins = askedDestinations(input.origem);
  const destinations = askedDestinations(input.destino);
  const places: (string | null)[] = [];
  for (const origin of origins.length > 1 ? origins : [null])
    for (const destination of destinations.length > 1 ? destinations : [null])
      places.push(origin && destination ? `${origin} → ${destination}` : (origin ?? destination));
  const lines = (placesTaken: (string | null)[]) =>
    placesTaken.flatMap((place) =>
      types.map((type) => [label, type, place ? `(${place})` : null].filter(Boolean).join(' ')),
    );
  const all = lines(places);
  if (all.length <= MAX_FREIGHT_LINES) return all;
  return types.length <= MAX_FREIGHT_LINES ? lines([null]) : [label];
}

/** The request's content, in its language, once: the e-mail's text and HTML and the PDF follow it. */
export function buildQuoteDocument(input: QuoteMailInput, codePending = '—'): QuoteDocument {
  const t = quoteDocumentMessages[input.language];
  const value = (v: string | null | undefined) => (v?.trim() ? v.trim() : t.notInformed);
  // Weights, values and sizes in the reader's number format.
  const measure = (v: string | null | undefined) =>
    input.language === 'pt' || !v?.trim() ? value(v) : englishNumbers(v.trim());
  const yesNo = (v: boolean | null) => (v === null ? t.notInformed : v ? t.yes : t.no);
  const prazo = formatQuoteDateTime(input.prazoResposta, input.language);
  const route: [string, string][] = [
    [t.origin, value(input.origem)],
    [t.destination, value(input.destino)],
    [t.incoterm, value(input.incoterm)],
    [t.transitTime, value(input.tempoTransito)],
    [t.directRoute, yesNo(input.preferenciaRota)],
    [t.avoidRoute, value(input.evitarRota)],
    [t.avoidCarrier, value(input.evitarArmador)],
    [t.grossWeight, measure(input.pesoBrutoTotal)],
    [t.goodsValue, measure(input.valorMercadoria)],
  ];
  return {
    language: input.language,
    title: t.title,
    intro: [
      t.greeting,
      formatMessage(t.intro, { empresa: input.empresa }),
      formatMessage(t.deadline, { prazo }),
    ],
    sections: [
      {
        title: t.sectionRequest,
        rows: [
          [t.code, input.codigo ?? codePending],
          [t.company, input.empresa],
          [t.requester, input.nomeSolicitante],
          [t.reference, input.referenciaProcesso],
          [t.fti, value(input.fti)],
          [t.freightType, input.tipoFrete],
          [t.responseDeadline, formatMessage(t.deadlineValue, { prazo })],
          // Here, not under route: a PDF/Excel request would otherwise print the route heading over it alone.
          [t.dangerousCargo, yesNo(input.cargaPerigosa)],
        ],
      },
      { title: t.sectionRoute, rows: input.manual ? route : route.filter(([, v]) => v !== t.notInformed) },
    ],
    items: {
      headers: [t.goods, t.volumes, t.dimensions],
      rows: input.itens
        .filter((item) => item.mercadoria || item.quantidadeVolumes || item.dimensoes)
        .map((item) => [value(item.mercadoria), measure(item.quantidadeVolumes), measure(item.dimensoes)]),
    },
    notes:
      [input.observacoes, input.descricaoAdicional]
        .map((note) => note?.trim())
        .filter(Boolean)
        .join('\n\n') || null,
    offer: { title: t.sectionOffer, fields: [...freightLines(input, t.offerFreight), ...t.offerFields] },
    signature: [t.closing, input.nomeSolicitante, input.empresa].filter(Boolean),
    footer: input.createdAt
      ? formatMessage(t.createdAt, { data: formatQuoteDateTime(input.createdAt, input.language) })
      : null,
  };
}

/**
 * The request e-mail's text part: greeting, introduction and deadline, the data once, then the lines a
 * forwarder fills in when replying inline, and the requester's signature.
 */
export function renderQuoteMailText(doc: QuoteDocument, hasAttachments: boolean): string {
  // The request's own PDF always goes with it; the uploaded files only when there are some (QA pass 10).
  const t = quoteDocumentMessages[doc.language];
  const [greeting = '', ...intro] = doc.intro;
  const sections = doc.sections
    .filter((section) => section.rows.length > 0)
    .flatMap((section) => [
      section.title.toUpperCase(),
      ...section.rows.map(([label, v]) => `${label}: ${v}`),
      '',
    ]);
  const items =
    doc.items.rows.length > 0
      ? [t.sectionCargo.toUpperCase(), ...doc.items.rows.map((row) => `- ${row.join(' | ')}`), '']
      : [];
  return [
    greeting,
    '',
    ...intro,
    '',
    ...sections,
    ...items,
    ...(doc.notes ? [t.sectionNotes.toUpperCase(), doc.notes, ''] : []),
    hasAttachments ? t.attachmentsHint : t.pdfHint,
    '',
    t.replyHint,
    '',
    doc.offer.title.toUpperCase(),
    ...doc.offer.fields.map((field) => `${field}: `),
    '',
    ...doc.signature,
    ...(doc.footer ? ['', doc.footer] : []),
  ].join('\n');
}

/**
 * A body the user edited in the wizard's preview (`descricaoGeral`, ADR 0025) with the quote's code in
 * place of the placeholder the preview showed (either language's).
 */
export function fillQuoteCode(body: string, codigo: string): string {
  let filled = body;
  for (const language of Object.keys(quoteDocumentMessages) as QuoteDocumentLanguage[])
    filled = filled.split(quoteDocumentMessages[language].codePending).join(codigo);
  return filled;
}
