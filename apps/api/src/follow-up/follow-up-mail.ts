import {
  type Comparison,
  deadlineNoticeMessages,
  deadlineSummaryMessages,
  formatMessage,
  formatQuoteDeadline,
  quoteEndedNoticeMessages,
  type ReminderEmailLanguage,
  reminderEmailMessages,
} from '@cotacoes/shared';
import { estimateNoteText } from '@cotacoes/shared/comparison/estimate-text';
import { missingFeesText } from '@cotacoes/shared/comparison/fee-names';
import { moneyText } from '@cotacoes/shared/comparison/quantity-text';
import { escapeHtml } from '../lib/html.js';

/*
 * The follow-up e-mails (issue 35, ADR 0026): a reminder to a carrier, in the quote's language, and the
 * requester's deadline summary. Text and HTML say the same; the HTML escapes everything.
 */

export type FollowUpMail = { subject: string; text: string; html: string };

export function reminderLanguageOf(idiomaEmail: string): ReminderEmailLanguage {
  return idiomaEmail === 'en' ? 'en' : 'pt';
}

const paragraph = (p: string) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`;
const button = (label: string, url: string) =>
  `<p style="margin:0 0 18px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#0f172a">
${body}
</body></html>`;
}

/**
 * The reminder a carrier that has not answered receives in its thread: the subject of the request with
 * 'Lembrete: ' before it, the deadline (Brasília time, as the request wrote it), how to answer, and the
 * portal link when the company offers it. `deadline`: the same e-mail telling that the deadline was
 * extended, with the new one ('Prazo prorrogado: ').
 */
export function reminderMail(
  language: ReminderEmailLanguage,
  quote: {
    codigo: string;
    referencia: string;
    tituloEmail: string;
    prazoResposta: Date;
    /** The request's places and incoterm (absent for a PDF/Excel request without them). */
    origem?: string | null;
    destino?: string | null;
    incoterm?: string | null;
  },
  portal: string | null,
  signature: string[],
  kind: 'reminder' | 'deadline' = 'reminder',
): FollowUpMail {
  const t = {
    ...reminderEmailMessages[language],
    ...(kind === 'deadline' ? deadlineNoticeMessages[language] : {}),
  };
  const vars = { codigo: quote.codigo, referencia: quote.referencia };
  const prazo = formatQuoteDeadline(quote.prazoResposta, language);
  const route =
    quote.origem?.trim() && quote.destino?.trim()
      ? `${quote.origem.trim()} → ${quote.destino.trim()}${quote.incoterm?.trim() ? `, ${quote.incoterm.trim()}` : ''}`
      : null;
  const paragraphs = [
    formatMessage(t.intro, vars),
    ...(route ? [formatMessage(t.route, { rota: route })] : []),
    formatMessage(t.deadline, { prazo }),
    t.reply,
  ];
  const text = [
    t.greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(portal ? [formatMessage(t.portalHint, { url: portal }), ''] : []),
    t.ignore,
    '',
    t.closing,
    ...signature,
  ].join('\n');
  const html = page(
    language === 'en' ? 'en' : 'pt-BR',
    t.title,
    `${paragraph(t.greeting)}${paragraphs.map(paragraph).join('')}${portal ? button(t.portal, portal) : ''}${paragraph(t.ignore)}
<p style="margin:0">${[t.closing, ...signature].map(escapeHtml).join('<br>')}</p>`,
  );
  return { subject: formatMessage(t.subject, { assunto: quote.tituloEmail }), text, html };
}

/** How a quote was ended by the company: CANCELADA ('cancel') or FECHADA ('close'). */
export type QuoteEnding = 'cancel' | 'close';

/**
 * The notice a carrier receives in its thread when the company cancels or closes the quote (ADR 0026
 * addendum 2026-12-06): the request's subject with 'Cotação cancelada: ' (or 'encerrada') before it, the
 * code and reference, that no answer is needed, thanks, the signature.
 */
export function quoteEndedMail(
  language: ReminderEmailLanguage,
  quote: { codigo: string; referencia: string; tituloEmail: string },
  ending: QuoteEnding,
  signature: string[],
): FollowUpMail {
  const t = quoteEndedNoticeMessages[language];
  const paragraphs = [
    formatMessage(t[ending].intro, { codigo: quote.codigo, referencia: quote.referencia }),
    t.noAnswer,
    t.thanks,
  ];
  const text = [t.greeting, '', ...paragraphs.flatMap((p) => [p, '']), t.closing, ...signature].join('\n');
  const html = page(
    language === 'en' ? 'en' : 'pt-BR',
    t[ending].title,
    `${paragraph(t.greeting)}${paragraphs.map(paragraph).join('')}
<p style="margin:0">${[t.closing, ...signature].map(escapeHtml).join('<br>')}</p>`,
  );
  return { subject: endedSubject(t[ending].subject, t.requestWord, quote), text, html };
}

/**
 * The notice's subject: the request's subject after 'Cotação cancelada: ', less its own leading 'Cotação'
 * when that word would repeat (QA: "Cotação cancelada: Cotação COT-2026-0003 - …"). A subject the user
 * wrote otherwise is kept whole.
 */
function endedSubject(template: string, requestWord: string, quote: { codigo: string; tituloEmail: string }) {
  const lead = `${requestWord} ${quote.codigo}`.toLocaleLowerCase('pt-BR');
  const repeats =
    template.startsWith(requestWord) && quote.tituloEmail.toLocaleLowerCase('pt-BR').startsWith(lead);
  const assunto = repeats ? quote.tituloEmail.slice(requestWord.length).trimStart() : quote.tituloEmail;
  return formatMessage(template, { assunto });
}

const rateNumber = (value: number, digits: number) =>
  value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const dayText = (iso: string) => iso.split('-').reverse().join('/');

/** The figures of a deadline summary, read from the comparison the 'Comparação' tab shows. */
export type DeadlineSummaryFigures = {
  respondidas: number;
  total: number;
  cheapest: {
    brl: number;
    usd: number;
    transportador: string;
    destino: string | null;
    /**
     * The cheapest by its estimate (`menorCustoEstimado`): what it lacks and how it was completed; absent:
     * a complete proposal.
     */
    estimativa?: { ausentes: string; nota: string };
  } | null;
  fastest: { dias: number; transportador: string; destino: string | null } | null;
  taxa: Comparison['taxa'];
  /** The carriers whose answer declined the quote, by name (absent or empty: none). */
  declinaram?: readonly string[];
  /** The carriers that have not answered, by name (absent or empty: none). */
  semResposta?: readonly string[];
  /** The carriers asked for a revision they have not sent yet, by name (absent or empty: none). */
  emRevisao?: readonly string[];
};

/**
 * The cheapest total and the shortest transit are the rows the comparison itself marks ('Menor custo',
 * 'Menor prazo': `destaque`), so the e-mail says what the screen says; the counts are the quote's own
 * (`respostas_recebidas` of `total_destinatarios`).
 */
export function summaryFigures(
  comparison: Comparison,
  counts: { respondidas: number; total: number },
): DeadlineSummaryFigures {
  const cheapest = comparison.linhas.find((row) => row.destaque.menorCusto);
  const fastest = comparison.linhas.find((row) => row.destaque.menorPrazo && row.prazo.valor !== null);
  return {
    ...counts,
    cheapest: cheapest
      ? {
          brl: cheapest.custoTotalBRL,
          usd: cheapest.custoTotalUSD,
          transportador: cheapest.transportador.nome,
          destino: cheapest.destino,
          ...(cheapest.menorCustoEstimado
            ? {
                estimativa: {
                  ausentes: missingFeesText(cheapest),
                  nota: estimateNoteText(cheapest.menorCustoEstimado),
                },
              }
            : {}),
        }
      : null,
    fastest: fastest
      ? {
          dias: fastest.prazo.valor!,
          transportador: fastest.transportador.nome,
          destino: fastest.destino,
        }
      : null,
    taxa: comparison.taxa,
    declinaram: [
      ...new Set(comparison.linhas.filter((row) => row.declinou).map((row) => row.transportador.nome)),
    ],
    semResposta: comparison.pendentes.map((pending) => pending.nome),
    emRevisao: [
      ...new Set(
        comparison.linhas
          .filter((row) => row.status === 'revisao_solicitada')
          .map((row) => row.transportador.nome),
      ),
    ],
  };
}

/** The requester's one e-mail when the quote's answer deadline passed (pt-BR: a user of the product). */
export function deadlineSummaryMail(
  quote: { codigo: string; referencia: string; prazoResposta: Date },
  nome: string | null,
  figures: DeadlineSummaryFigures,
  url: string,
): FollowUpMail {
  const t = deadlineSummaryMessages;
  const counts = { respondidas: figures.respondidas, total: figures.total };
  const lines: string[] = [
    formatMessage(t.intro, {
      codigo: quote.codigo,
      referencia: quote.referencia,
      prazo: formatQuoteDeadline(quote.prazoResposta, 'pt'),
    }),
  ];
  if (figures.respondidas === 0) lines.push(formatMessage(t.nobody, counts));
  else {
    lines.push(formatMessage(t.answered, counts));
    const { cheapest, fastest, taxa, declinaram = [], semResposta = [], emRevisao = [] } = figures;
    if (declinaram.length > 0)
      lines.push(formatMessage(t.declined, { n: declinaram.length, nomes: declinaram.join(', ') }));
    if (semResposta.length > 0) lines.push(formatMessage(t.silent, { nomes: semResposta.join(', ') }));
    if (emRevisao.length > 0) lines.push(formatMessage(t.revisionPending, { nomes: emRevisao.join(', ') }));
    if (cheapest) {
      const money = {
        brl: moneyText(cheapest.brl, 'BRL'),
        usd: moneyText(cheapest.usd, 'USD'),
        transportador: cheapest.transportador,
      };
      const estimated = cheapest.estimativa;
      lines.push(
        estimated
          ? formatMessage(cheapest.destino ? t.cheapestEstimatedDestination : t.cheapestEstimated, {
              ...money,
              ...estimated,
              destino: cheapest.destino ?? '',
            })
          : cheapest.destino
            ? formatMessage(t.cheapestDestination, { ...money, destino: cheapest.destino })
            : formatMessage(t.cheapest, money),
      );
    } else lines.push(t.noPrice);
    if (fastest)
      lines.push(
        formatMessage(fastest.destino ? t.fastestDestination : t.fastest, {
          dias: fastest.dias,
          transportador: fastest.transportador,
          destino: fastest.destino ?? '',
        }),
      );
    lines.push(
      taxa.fonte === 'ptax'
        ? formatMessage(t.rate, {
            taxa: rateNumber(taxa.taxa, 4),
            ptax: rateNumber(taxa.ptax, 4),
            data: taxa.dataCotacao ? dayText(taxa.dataCotacao) : '',
            margem: rateNumber(taxa.margem, 1),
          })
        : formatMessage(t.rateFallback, {
            taxa: rateNumber(taxa.taxa, 4),
            ptax: rateNumber(taxa.ptax, 2),
            margem: rateNumber(taxa.margem, 1),
          }),
    );
  }
  const greeting = nome ? formatMessage(t.greeting, { nome }) : t.greetingNoName;
  const link = formatMessage(figures.respondidas === 0 ? t.linkNobody : t.link, { url });
  const text = [greeting, '', ...lines.flatMap((line) => [line, '']), link, '', t.footer].join('\n');
  const html = page(
    'pt-BR',
    t.title,
    `${paragraph(greeting)}${lines.map(paragraph).join('')}${button(t.open, url)}${paragraph(t.footer)}`,
  );
  return {
    subject: formatMessage(t.subject, { codigo: quote.codigo, ...counts }),
    text,
    html,
  };
}
