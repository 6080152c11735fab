import {
  type ComparisonRow,
  type DecisionEmailLanguage,
  decisionEmailMessages,
  type ExchangeRateInfo,
  formatMessage,
  formatQuoteDeadline,
} from '@cotacoes/shared';
import { askedDestinations } from '@cotacoes/shared/comparison/asked';
import { summedCurrency } from '@cotacoes/shared/comparison/currency';
import { toDecimal, toNumber } from '@cotacoes/shared/comparison/decimal';
import { feeDisplayName } from '@cotacoes/shared/comparison/fee-names';
import { freightTypeName } from '@cotacoes/shared/comparison/freight-type';
import { rowOfDestination, samePlace } from '@cotacoes/shared/comparison/names';
import {
  chargeLineText,
  moneyText,
  type NumberLocale,
  transitDaysText,
} from '@cotacoes/shared/comparison/quantity-text';
import { totalCosts } from '@cotacoes/shared/comparison/totals';
import { escapeHtml } from '../../lib/html.js';

/*
 * The e-mails of the analyst's decisions to carriers (ADR 0018), in the quote's language: a short,
 * neutral letter around what the analyst wrote. Text and HTML say the same; the HTML escapes everything.
 */

export type DecisionMail = { subject: string; text: string; html: string };

type Letter = {
  title: string;
  paragraphs: string[];
  /** The analyst's own words, shown as a quoted block after the paragraphs that introduce them. */
  quoted?: string;
  after?: string[];
  signature: string[];
};

export function languageOf(idiomaEmail: string): DecisionEmailLanguage {
  return idiomaEmail === 'en' ? 'en' : 'pt';
}

function compose(language: DecisionEmailLanguage, subject: string, letter: Letter): DecisionMail {
  const t = decisionEmailMessages[language];
  const after = letter.after ?? [];
  const text = [
    t.greeting,
    '',
    ...letter.paragraphs.flatMap((p) => [p, '']),
    ...(letter.quoted ? [letter.quoted, ''] : []),
    ...after.flatMap((p) => [p, '']),
    t.closing,
    ...letter.signature,
  ].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`;
  const quoted = letter.quoted
    ? `<div style="margin:0 0 14px;padding:10px 14px;border-left:3px solid #1d4ed8;background:#f8fafc;white-space:pre-line">${escapeHtml(letter.quoted)}</div>`
    : '';
  const html = `<!doctype html><html lang="${language === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8"><title>${escapeHtml(letter.title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#0f172a">
${paragraph(t.greeting)}${letter.paragraphs.map(paragraph).join('')}${quoted}${after.map(paragraph).join('')}
<p style="margin:0">${[t.closing, ...letter.signature].map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject, text, html };
}

type QuoteRef = { codigo: string; referencia: string; tituloEmail: string };
type Sender = { nome: string; empresa: string };

/** Who signs a decision e-mail: the user acting and their company. */
export const signatureOf = (sender: Sender) => [sender.nome, sender.empresa].filter(Boolean);

/** 'Revisar': the analyst's message in the carrier's thread ('Re: ' + the request's subject). */
export function revisionMail(
  language: DecisionEmailLanguage,
  quote: QuoteRef,
  mensagem: string,
  sender: Sender,
  /** The quote's answer deadline when it is still ahead (a passed one is not restated). */
  deadline?: Date,
  /** The carrier's own portal link, when the company offers the portal and the deadline is ahead. */
  portal?: string,
): DecisionMail {
  const t = decisionEmailMessages[language];
  const vars = { codigo: quote.codigo, referencia: quote.referencia };
  const by = deadline
    ? [formatMessage(t.revisionDeadline, { prazo: formatQuoteDeadline(deadline, language) })]
    : [];
  return compose(language, formatMessage(t.replySubject, { assunto: quote.tituloEmail }), {
    title: t.revisionTitle,
    paragraphs: [formatMessage(t.revisionIntro, vars), mensagem ? t.revisionAsk : t.revisionAskNoMessage],
    quoted: mensagem || undefined,
    after: [...by, t.revisionReply, ...(portal ? [formatMessage(t.revisionPortal, { url: portal })] : [])],
    signature: signatureOf(sender),
  });
}

/**
 * The approved row: the chosen response's row of the approved destination (the comparison's place rule),
 * else its only (or first) row.
 */
export function agreedRowOf(
  rows: readonly ComparisonRow[],
  respostaId: string,
  destino: string | null,
): ComparisonRow | null {
  const own = rows.filter((row) => row.respostaId === respostaId);
  return rowOfDestination(own, destino) ?? own[0] ?? null;
}

const day = (iso: string) => iso.split('-').reverse().join('/');
/** A currency the totals do not sum (ADR 0017: USD and BRL, and EUR when there is a euro rate). */
const isOtherCurrency = (moeda: string | null | undefined, somaEuro: boolean) =>
  typeof moeda === 'string' && moeda.trim() !== '' && summedCurrency(moeda, somaEuro) === null;

/**
 * Of a quote asking several origins ("Shanghai, CN / Ningbo, CN"), the one an offer pricing only one of them
 * starts at: its counted freights' own origin, else its route's (QA pass 41c: the approval named both while
 * the offer priced Ningbo only). Undefined when the quote asked one origin or the offer names none.
 */
function pricedOrigin(row: ComparisonRow, asked: string | null | undefined): string | undefined {
  const origins = askedDestinations(asked);
  if (origins.length < 2) return undefined;
  const counted = [
    ...new Set(
      row.fretes.filter((frete) => (frete.quantidade ?? 0) > 0 && frete.origem).map((frete) => frete.origem),
    ),
  ];
  const own = counted.length === 1 ? counted[0] : row.rota?.split(' → ')[0]?.trim();
  return own ? origins.find((origin) => samePlace(origin, own)) : undefined;
}

/**
 * What was agreed, as the carrier confirms a booking from it (issue 30): destination, each freight and fee
 * counted with its quantity ('2 × US$ 2.950,00 = US$ 5.900,00'), the total of these in BRL and USD with
 * the rate (at the margin the analyst approved from; a fallback rate said as such), transit, free time
 * and validity. The figures of the Comparação tab the analyst approved from, less the importer's own
 * road estimate.
 */
export function agreedTerms(
  language: DecisionEmailLanguage,
  row: ComparisonRow | null,
  taxa: ExchangeRateInfo,
  /** The quote's origin and incoterm: the carrier books from the route and terms, not only the figures. */
  quote?: { origem: string | null; incoterm: string | null },
): string | undefined {
  if (!row?.precificada) return undefined;
  const t = decisionEmailMessages[language].agreed;
  // The carrier's own separators: 'US$ 1,380.00' in English, 'US$ 1.380,00' in Portuguese and Spanish.
  const locale = numberLocaleOf(language);
  const lines: string[] = [t.title];
  // The origin this offer counts (of several asked, the one it starts at), else the quote's.
  const origem = row.origemContada?.origem ?? pricedOrigin(row, quote?.origem) ?? quote?.origem?.trim();
  if (origem) lines.push(formatMessage(t.origin, { origem }));
  // An answer naming no port agreed to the quote's only port: the carrier reads which one.
  const destino = row.destino ?? row.destinoDaCotacao;
  if (destino) lines.push(formatMessage(t.destination, { destino }));
  if (quote?.incoterm?.trim()) lines.push(formatMessage(t.incoterm, { incoterm: quote.incoterm.trim() }));
  if (row.armador?.trim()) lines.push(formatMessage(t.carrierLine, { armador: row.armador.trim() }));
  // QA pass 39: the approval of a revised offer did not say it was the revision that was approved.
  if (row.versao > 1) lines.push(formatMessage(t.version, { versao: row.versao }));
  // A reply of several options: which one is approved (QA pass 26: the e-mail never said "Opção 2").
  if (row.opcao) lines.push(formatMessage(t.option, { opcao: row.opcao }));
  // "all in origem" with THC and a doc fee counted on top: the e-mail said "com as taxas incluídas" above the
  // very charges it then summed (QA pass 21).
  const allInLabel = row.taxas.some((taxa) => taxa.contabilizada) ? t.freightAllInExcept : t.freightAllIn;
  for (const frete of row.fretes)
    if (frete.valor !== null && (frete.quantidade ?? 0) > 0)
      lines.push(
        formatMessage(row.freteAllIn ? allInLabel : t.freight, {
          tipo: withWeightBand(freightTypeName(frete.tipo, language), frete, t, locale),
          calculo: chargeLineText(frete, locale),
        }),
      );
  for (const taxa of row.taxas)
    if (taxa.contabilizada)
      lines.push(
        formatMessage(t.fee, {
          nome: feeDisplayName(taxa.rotulo || taxa.nome),
          calculo: chargeLineText(taxa, locale),
        }),
      );
  // Agreed too, though the totals (USD and BRL) leave them out: the carrier must not read them as dropped.
  const somaEuro = taxa.eur !== undefined;
  for (const fee of row.taxas)
    if (!fee.contabilizada && fee.valor !== null && isOtherCurrency(fee.moeda, somaEuro))
      lines.push(
        formatMessage(t.feeNotSummed, {
          nome: feeDisplayName(fee.rotulo || fee.nome),
          calculo: chargeLineText(fee, locale),
          moeda: String(fee.moeda).toUpperCase(),
        }),
      );
  // The carrier's own charges: the road cost of the Comparação tab is the importer's estimate of the
  // inland leg (a table of its own, spec 001 §9), not a charge of this carrier, so it is neither listed
  // nor in this total.
  const offered = totalCosts(
    {
      valorBRL: toDecimal(row.valorBRL),
      valorUSD: toDecimal(row.valorUSD),
      custoRodoviario: toDecimal(0),
      valorEUR: toDecimal(row.valorEUR ?? 0),
    },
    taxa.taxa,
    taxa.eur?.taxa,
  );
  const rate = (value: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 4 }).format(value);
  const margem = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(taxa.margem);
  lines.push(
    formatMessage(t.total, {
      brl: moneyText(toNumber(offered.custoTotalBRL), 'BRL', locale),
      usd: moneyText(toNumber(offered.custoTotalUSD), 'USD', locale),
    }),
    formatMessage(taxa.fonte === 'fallback' ? t.rateFallback : t.rate, {
      taxa: rate(taxa.taxa),
      ptax: rate(taxa.ptax),
      margem,
    }),
  );
  if (taxa.eur && (row.valorEUR ?? 0) !== 0)
    lines.push(
      formatMessage(taxa.eur.fonte === 'fallback' ? t.rateEurFallback : t.rateEur, {
        taxa: rate(taxa.eur.taxa),
        ptax: rate(taxa.eur.ptax),
        margem,
      }),
    );
  // A range as the carrier wrote it ('25–30').
  if (row.prazo.valor !== null)
    lines.push(formatMessage(t.transit, { dias: transitDaysText(row.prazo) ?? '' }));
  if (row.freeTime.valor !== null)
    lines.push(
      formatMessage(row.freeTimeCombinado ? t.freeTimeCombined : t.freeTime, { dias: row.freeTime.valor }),
    );
  if (row.validade.valor) lines.push(formatMessage(t.validity, { data: day(row.validade.valor) }));
  return lines.join('\n');
}

/** The approved carrier's notice, restating what was agreed; the subject is the analyst's when given. */
export function approvalMail(
  language: DecisionEmailLanguage,
  quote: QuoteRef,
  destino: string | null,
  subject: string | undefined,
  sender: Sender,
  terms?: string,
): DecisionMail {
  const t = decisionEmailMessages[language];
  const vars = { codigo: quote.codigo, referencia: quote.referencia };
  return compose(language, subject ?? formatMessage(t.approvalSubject, vars), {
    title: t.approvalTitle,
    paragraphs: [
      formatMessage(t.approvalIntro, vars),
      // The approved terms below name the destination first: said once (QA pass 15).
      ...(destino && !terms?.includes(destino) ? [formatMessage(t.approvalDestination, { destino })] : []),
    ],
    quoted: terms,
    after: [t.approvalNext],
    signature: signatureOf(sender),
  });
}

/** The number separators a carrier writing `language` reads. */
const numberLocaleOf = (language: DecisionEmailLanguage): NumberLocale =>
  language === 'en' ? 'en-US' : 'pt-BR';

/** A percentage as the carrier reads it, always one decimal: '12,5%' / '5,0%' in Portuguese, '12.5%' in English. */
export function formatPercent(language: DecisionEmailLanguage, percent: number): string {
  return `${new Intl.NumberFormat(numberLocaleOf(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(percent)}%`;
}

/**
 * The notice to a carrier that was not chosen: polite, with how far above the chosen total its own total
 * was when asked and known. It never names the chosen carrier nor its price.
 */
export function notSelectedMail(
  language: DecisionEmailLanguage,
  quote: QuoteRef,
  percentAbove: number | null,
  sender: Sender,
): DecisionMail {
  const t = decisionEmailMessages[language];
  const vars = { codigo: quote.codigo, referencia: quote.referencia };
  return compose(language, formatMessage(t.notSelectedSubject, vars), {
    title: t.notSelectedTitle,
    paragraphs: [
      formatMessage(t.notSelectedIntro, vars),
      t.notSelectedBody,
      ...(percentAbove === null
        ? []
        : [formatMessage(t.notSelectedFeedback, { percentual: formatPercent(language, percentAbove) })]),
      t.notSelectedThanks,
    ],
    signature: signatureOf(sender),
  });
}

/** 'por kg (faixa +500 kg)': an air rate's weight band, in the e-mail's language. */
function withWeightBand(
  tipo: string,
  frete: ComparisonRow['fretes'][number],
  t: { weightBand: string; weightBandRaised: string },
  locale: NumberLocale,
): string {
  if (!frete.faixa) return tipo;
  const kg = (value: number) => new Intl.NumberFormat(locale).format(value);
  const band =
    frete.pesoTaxadoKg !== undefined && frete.quantidade
      ? formatMessage(t.weightBandRaised, {
          faixa: frete.faixa,
          peso: kg(frete.pesoTaxadoKg),
          cobrado: kg(frete.quantidade),
        })
      : formatMessage(t.weightBand, { faixa: frete.faixa });
  return `${tipo} ${band}`;
}
