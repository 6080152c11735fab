import { type DecisionEmailLanguage, decisionEmailMessages, formatMessage } from '@cotacoes/shared';

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

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

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

const signatureOf = (sender: Sender) => [sender.nome, sender.empresa].filter(Boolean);

/** 'Revisar': the analyst's message in the carrier's thread ('Re: ' + the request's subject). */
export function revisionMail(
  language: DecisionEmailLanguage,
  quote: QuoteRef,
  mensagem: string,
  sender: Sender,
): DecisionMail {
  const t = decisionEmailMessages[language];
  const vars = { codigo: quote.codigo, referencia: quote.referencia };
  return compose(language, formatMessage(t.replySubject, { assunto: quote.tituloEmail }), {
    title: t.revisionTitle,
    paragraphs: [formatMessage(t.revisionIntro, vars), mensagem ? t.revisionAsk : t.revisionAskNoMessage],
    quoted: mensagem || undefined,
    after: [t.revisionReply],
    signature: signatureOf(sender),
  });
}

/** The approved carrier's notice; the subject is the analyst's when given. */
export function approvalMail(
  language: DecisionEmailLanguage,
  quote: QuoteRef,
  destino: string | null,
  subject: string | undefined,
  sender: Sender,
): DecisionMail {
  const t = decisionEmailMessages[language];
  const vars = { codigo: quote.codigo, referencia: quote.referencia };
  return compose(language, subject ?? formatMessage(t.approvalSubject, vars), {
    title: t.approvalTitle,
    paragraphs: [
      formatMessage(t.approvalIntro, vars),
      ...(destino ? [formatMessage(t.approvalDestination, { destino })] : []),
      t.approvalNext,
    ],
    signature: signatureOf(sender),
  });
}

/** A percentage as the carrier reads it: '12,5%' in Portuguese, '12.5%' in English. */
export function formatPercent(language: DecisionEmailLanguage, percent: number): string {
  return `${new Intl.NumberFormat(language === 'en' ? 'en-US' : 'pt-BR', {
    minimumFractionDigits: 0,
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
