import {
  buildQuoteDocument as buildSharedDocument,
  fillQuoteCode,
  formatMessage,
  formatQuoteDateTime,
  type QuoteDocumentLanguage,
  quoteDocumentMessages,
  renderQuoteMailText,
  type QuoteDocument as SharedQuoteDocument,
} from '@cotacoes/shared';
import PDFDocument from 'pdfkit';
import type { cotacoes } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/html.js';

type QuoteRow = typeof cotacoes.$inferSelect;

/**
 * What a request says, in the request's language: the same content for the e-mail and the PDF; `corpo`
 * is the e-mail body the user edited in the wizard's preview (ADR 0025), sent instead of the composed one.
 */
export type QuoteDocument = SharedQuoteDocument & { subject: string; corpo: string | null };

export const formatDateTime = formatQuoteDateTime;

export function quoteSubject(codigo: string, titulo: string, language: QuoteDocumentLanguage): string {
  return formatMessage(quoteDocumentMessages[language].subject, { codigo, titulo });
}

export function buildQuoteDocument(quote: QuoteRow, empresaNome: string): QuoteDocument {
  const language = (quote.idiomaEmail === 'en' ? 'en' : 'pt') as QuoteDocumentLanguage;
  return {
    ...buildSharedDocument({
      language,
      empresa: empresaNome,
      codigo: quote.codigo,
      nomeSolicitante: quote.nomeSolicitante,
      referenciaProcesso: quote.referenciaProcesso,
      fti: quote.fti,
      tipoFrete: quote.tipoFrete,
      prazoResposta: quote.prazoResposta,
      manual: quote.metodoEnvio === 'EMAIL',
      origem: quote.origem,
      destino: quote.destino,
      incoterm: quote.incoterm,
      tempoTransito: quote.tempoTransito,
      preferenciaRota: quote.preferenciaRota,
      evitarRota: quote.evitarRota,
      evitarArmador: quote.evitarArmador,
      pesoBrutoTotal: quote.pesoBrutoTotal,
      valorMercadoria: quote.valorMercadoria,
      cargaPerigosa: quote.cargaPerigosa,
      itens: quote.itens,
      observacoes: quote.observacoes,
      descricaoAdicional: quote.descricaoAdicional,
      createdAt: quote.createdAt,
    }),
    subject: quote.tituloEmail,
    corpo: quote.descricaoGeral?.trim() ? fillQuoteCode(quote.descricaoGeral, quote.codigo) : null,
  };
}

/**
 * The request e-mail, written here only (the wizard previews the same text from packages/shared): the
 * data once, then the lines a forwarder fills in when answering inline (ADR 0010; issue 20).
 */
export function renderQuoteMail(doc: QuoteDocument, hasAttachments: boolean): { text: string; html: string } {
  const t = quoteDocumentMessages[doc.language];
  const paragraph = (p: string) => `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(p)}</p>`;
  if (doc.corpo !== null) return { text: doc.corpo, html: editedBodyHtml(doc, paragraph) };
  const text = renderQuoteMailText(doc, hasAttachments);
  const h2 = (title: string) =>
    `<h2 style="font-size:16px;color:#1e3a8a;margin:24px 0 8px">${escapeHtml(title)}</h2>`;
  const table = (rows: [string, string][]) =>
    `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px">${rows
      .map(
        ([label, v]) =>
          `<tr><td style="border-bottom:1px solid #e2e8f0;color:#475569;width:40%">${escapeHtml(label)}</td><td style="border-bottom:1px solid #e2e8f0;font-weight:600">${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>`;
  const items =
    doc.items.rows.length > 0
      ? `${h2(t.sectionCargo)}<table cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px"><tr>${doc.items.headers
          .map(
            (h) =>
              `<th align="left" style="background:#eff6ff;border-bottom:1px solid #bfdbfe">${escapeHtml(h)}</th>`,
          )
          .join('')}</tr>${doc.items.rows
          .map(
            (row) =>
              `<tr>${row.map((c) => `<td style="border-bottom:1px solid #e2e8f0">${escapeHtml(c)}</td>`).join('')}</tr>`,
          )
          .join('')}</table>`
      : '';
  const offer = `${h2(doc.offer.title)}<p style="margin:0 0 12px;white-space:pre-line">${doc.offer.fields
    .map((field) => `${escapeHtml(field)}: `)
    .join('\n')}</p>`;
  const html = `<!doctype html><html lang="${doc.language === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(doc.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:28px"><tr><td>
<h1 style="margin:0 0 20px;font-size:20px;color:#1e3a8a">${escapeHtml(doc.title)}</h1>
${doc.intro.map(paragraph).join('')}
${doc.sections
  .filter((s) => s.rows.length > 0)
  .map((s) => `${h2(s.title)}${table(s.rows)}`)
  .join('')}
${items}
${doc.notes ? `${h2(t.sectionNotes)}${paragraph(doc.notes)}` : ''}
<div style="margin-top:24px">${[hasAttachments ? t.attachmentsHint : t.pdfHint, t.replyHint].map(paragraph).join('')}</div>
${offer}
${paragraph(doc.signature.join('\n'))}
${doc.footer ? `<p style="margin:24px 0 0;color:#64748b;font-size:12px">${escapeHtml(doc.footer)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}

/** The HTML part of an edited body: the same text, paragraph by paragraph, lines kept (ADR 0025). */
function editedBodyHtml(doc: QuoteDocument, paragraph: (p: string) => string): string {
  const body = doc
    .corpo!.replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map(paragraph)
    .join('\n');
  return `<!doctype html><html lang="${doc.language === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(doc.subject)}</title></head>
<body style="margin:0;background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:14px">
<div style="max-width:640px;padding:24px 12px">${body}</div></body></html>`;
}

/** A printable A4 PDF of the request (pdfkit's Helvetica covers Portuguese accents). */
export function renderQuotePdf(doc: QuoteDocument): Promise<Buffer> {
  const t = quoteDocumentMessages[doc.language];
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 50,
      bufferPages: true,
      info: { Title: doc.subject, Author: 'Sistema de Cotações' },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    const width = pdf.page.width - 100;
    pdf.fillColor('#1e3a8a').font('Helvetica-Bold').fontSize(18).text(doc.title);
    pdf.moveDown(0.3).fillColor('#0f172a').font('Helvetica').fontSize(11).text(doc.subject);
    pdf.moveDown(0.8);
    const heading = (title: string) => {
      if (pdf.y > pdf.page.height - 140) pdf.addPage();
      // Always at the left margin: the last value written leaves pdfkit's x in the value column.
      pdf
        .moveDown(0.6)
        .fillColor('#1e3a8a')
        .font('Helvetica-Bold')
        .fontSize(13)
        .text(title, 50, pdf.y, { width });
      pdf
        .moveTo(50, pdf.y + 2)
        .lineTo(50 + width, pdf.y + 2)
        .strokeColor('#bfdbfe')
        .stroke();
      pdf.moveDown(0.4);
    };
    for (const section of doc.sections) {
      if (section.rows.length === 0) continue;
      heading(section.title);
      for (const [label, v] of section.rows) {
        if (pdf.y > pdf.page.height - 80) pdf.addPage();
        const y = pdf.y;
        pdf
          .fillColor('#475569')
          .font('Helvetica')
          .fontSize(10)
          .text(label, 50, y, { width: width * 0.38 });
        const labelBottom = pdf.y;
        pdf
          .fillColor('#0f172a')
          .font('Helvetica-Bold')
          .text(v, 50 + width * 0.4, y, { width: width * 0.6 });
        pdf.y = Math.max(labelBottom, pdf.y) + 3;
      }
    }
    if (doc.items.rows.length > 0) {
      heading(t.sectionCargo);
      const cols = [0.45, 0.2, 0.35].map((f) => f * width);
      const row = (cells: string[], bold: boolean) => {
        if (pdf.y > pdf.page.height - 80) pdf.addPage();
        const y = pdf.y;
        let x = 50;
        let bottom = y;
        cells.forEach((cell, i) => {
          pdf
            .font(bold ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(10)
            .fillColor('#0f172a');
          pdf.text(cell, x, y, { width: cols[i]! - 8 });
          bottom = Math.max(bottom, pdf.y);
          x += cols[i]!;
        });
        pdf.y = bottom + 4;
      };
      row([...doc.items.headers], true);
      for (const cells of doc.items.rows) row(cells, false);
    }
    if (doc.notes) {
      heading(t.sectionNotes);
      pdf.fillColor('#0f172a').font('Helvetica').fontSize(10).text(doc.notes, 50, pdf.y, { width });
    }
    const range = pdf.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      pdf.switchToPage(range.start + i);
      // Writing inside the bottom margin would otherwise start a new page.
      pdf.page.margins.bottom = 0;
      pdf
        .fillColor('#64748b')
        .font('Helvetica')
        .fontSize(8)
        .text(
          [doc.footer, formatMessage(t.page, { n: i + 1, total: range.count })].filter(Boolean).join(' · '),
          50,
          pdf.page.height - 40,
          { width, align: 'center', lineBreak: false },
        );
    }
    pdf.end();
  });
}

/** Where a request e-mail offers the carrier portal (issue 35): its own invite, or the shared entry page. */
export type PortalOffer = { kind: 'invite'; url: string } | { kind: 'entry'; url: string; codigo: string };

/**
 * The request e-mail with the portal offered at its end: a recipient's own 'Responder pelo portal' link
 * (individual mode), or the entry page to type the code and e-mail (bcc: one message for all cannot hold
 * a per-recipient token). In pt-BR, and also in the request's language when it is another.
 */
export function withPortalOffer(
  mail: { text: string; html: string },
  language: QuoteDocumentLanguage,
  offer: PortalOffer,
): { text: string; html: string } {
  // The request's own language first (QA pass 15: an English letter ended with the Portuguese line first).
  const languages: QuoteDocumentLanguage[] = language === 'pt' ? ['pt'] : [language, 'pt'];
  const lines = languages.map((lang) => {
    const t = quoteDocumentMessages[lang];
    return offer.kind === 'invite'
      ? formatMessage(t.portalInvite, { url: offer.url })
      : formatMessage(t.portalEntry, { url: offer.url, codigo: offer.codigo });
  });
  const text = `${mail.text.replace(/\s+$/, '')}\n\n${lines.join('\n')}\n`;
  const button =
    offer.kind === 'invite'
      ? `<p style="margin:20px 0 8px"><a href="${escapeHtml(offer.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:700;padding:10px 18px;border-radius:6px">${escapeHtml(
          languages.map((lang) => quoteDocumentMessages[lang].portalInviteLabel).join(' / '),
        )}</a></p><p style="margin:0 0 12px;font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(offer.url)}</p>`
      : lines.map((line) => `<p style="margin:12px 0;color:#334155">${escapeHtml(line)}</p>`).join('');
  const closings = ['</td></tr></table></td></tr></table></body>', '</div></body>', '</body>'];
  const closing = closings.find((candidate) => mail.html.includes(candidate));
  const at = closing ? mail.html.lastIndexOf(closing) : mail.html.length;
  return { text, html: `${mail.html.slice(0, at)}${button}${mail.html.slice(at)}` };
}
