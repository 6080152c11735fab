import type { ComparisonRow } from '@cotacoes/shared';
import { formatMessage } from '@cotacoes/shared';
import { missingFeesText } from '@cotacoes/shared/comparison/fee-names';
import { comparativeDocumentMessages } from '@cotacoes/shared/messages/ui-comparative';
import { escapeHtml } from '../../lib/html.js';
import {
  type ComparativeSource,
  estimateTextOf,
  eurExchangeLine,
  exchangeLine,
  formatMoney,
  routeOf,
} from './comparative-document.js';

const t = comparativeDocumentMessages.mail;

export type ComparativeMail = { subject: string; text: string; html: string };

const destinationSuffix = (row: ComparisonRow) => (row.destino ? ` (${row.destino})` : '');

/**
 * 'Menor custo total: …', or — the cheapest by its estimate — its own total, what it lacks and how it was
 * completed ('Menor custo total (estimado): Pacífico, R$ 2.816,83 sem BL FEE. Estimado em R$ 3.136,63, …').
 */
function cheapestText(row: ComparisonRow): string {
  const values = {
    nome: row.transportador.nome,
    destino: destinationSuffix(row),
    total: formatMoney(row.custoTotalBRL, 'BRL'),
  };
  const nota = estimateTextOf(row);
  return nota
    ? formatMessage(t.bestEstimated, {
        ...values,
        ausentes: missingFeesText(row),
        nota,
      })
    : formatMessage(t.best, values);
}

/**
 * The message that carries the two files: what was compared (`linhas`: the proposals, without the carriers
 * that declined, which `declinaram` names), the approved proposal (once there is one), the cheapest and the
 * fastest, the rate used and who sent it. The figures are those of the attached documents.
 */
export function renderComparativeMail(
  source: ComparativeSource,
  counts: {
    linhas: number;
    respondidas: number;
    total: number;
    declinaram?: readonly string[];
    /** The carriers that have not answered, by name. */
    semResposta?: readonly string[];
  },
  sender: { name: string; email: string },
): ComparativeMail {
  const { header } = source;
  const rows = [...source.rows()];
  const approved = rows.find((row) => row.status === 'aprovado');
  const cheapest = rows.find((row) => row.destaque.menorCusto);
  const fastest = rows.find((row) => row.destaque.menorPrazo && row.prazo.valor !== null);
  const rota = routeOf(header);
  const euro = eurExchangeLine(source.taxa, source.rows());
  const paragraphs = [
    formatMessage(t.intro, { codigo: header.codigo, rota }),
    counts.declinaram && counts.declinaram.length > 0
      ? formatMessage(t.proposalsDeclined, {
          n: counts.linhas,
          respondidas: counts.respondidas,
          total: counts.total,
          declinaram: counts.declinaram.length,
          nomes: counts.declinaram.join(', '),
        })
      : formatMessage(t.proposals, {
          n: counts.linhas,
          respondidas: counts.respondidas,
          total: counts.total,
        }),
    counts.semResposta && counts.semResposta.length > 0
      ? formatMessage(comparativeDocumentMessages.silent, { nomes: counts.semResposta.join(', ') })
      : null,
    approved
      ? formatMessage(t.approved, {
          nome: approved.transportador.nome,
          destino: destinationSuffix(approved),
          total: formatMoney(approved.custoTotalBRL, 'BRL'),
        })
      : null,
    cheapest ? cheapestText(cheapest) : null,
    fastest
      ? formatMessage(t.fastest, {
          nome: fastest.transportador.nome,
          destino: destinationSuffix(fastest),
          dias: fastest.prazo.valor!,
        })
      : null,
    formatMessage(t.exchange, { cambio: exchangeLine(source.taxa) }),
    euro ? `${euro}.` : null,
    formatMessage(t.sentBy, { nome: sender.name, email: sender.email }),
  ].filter((paragraph): paragraph is string => paragraph !== null);
  const subject = formatMessage(t.subject, { codigo: header.codigo, rota });
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:28px"><tr><td>
<h1 style="margin:0 0 20px;font-size:20px;color:#1e3a8a">${escapeHtml(formatMessage(comparativeDocumentMessages.heading, { codigo: header.codigo }))}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text: paragraphs.join('\n\n'), html };
}
