import type { ComparisonRow } from '@cotacoes/shared';
import { formatMessage } from '@cotacoes/shared';
import { missingFreightOf, missingItemsText } from '@cotacoes/shared/comparison/asked';
import { hasEuroAmounts } from '@cotacoes/shared/comparison/currency';
import { estimateNoteText } from '@cotacoes/shared/comparison/estimate-text';
import { feeDisplayName, missingFeesText } from '@cotacoes/shared/comparison/fee-names';
import { freightTypeName } from '@cotacoes/shared/comparison/freight-type';
import { chargeLineText, freightName, transitDaysText } from '@cotacoes/shared/comparison/quantity-text';
import { comparativeDocumentMessages as t } from '@cotacoes/shared/messages/ui-comparative';
import PDFDocument from 'pdfkit';
import {
  type ComparativeSource,
  carriedOf,
  changeTextOf,
  destinationOf,
  eurExchangeLine,
  exchangeLine,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  laneMedianLineOf,
  laneTextOf,
  legendOf,
  routeOf,
  rowStatusLabel,
  unpricedReason,
} from './comparative-document.js';

/*
 * The comparative as a printable A4 landscape PDF (issue #15): the quote and the exchange rate, the table
 * of the summary sheet, a bar chart of the totals in BRL, the generation time in Brasília and
 * 'Página X de Y' on every page. pdfkit's Helvetica (as the request PDF, quote-document.ts) covers
 * Portuguese; every figure uses the product's pt-BR formats.
 */

const MARGIN = 36;
const FOOTER_SPACE = 28;
const COLORS = {
  title: '#1e3a8a',
  text: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  headerFill: '#1e3a8a',
  zebra: '#f1f5f9',
  highlightFill: '#dcfce7',
  highlightText: '#14532d',
  bar: '#2563eb',
  barIncomplete: '#94a3b8',
  barBest: '#16a34a',
  grid: '#e2e8f0',
};

type Align = 'left' | 'right';
type TableColumn = {
  header: string;
  width: number;
  align: Align;
  cell: (row: ComparisonRow) => string;
  highlight?: (row: ComparisonRow) => boolean;
};

const days = (value: number | null) => (value === null ? t.notInformed : String(value));

function validityOf(row: ComparisonRow): string {
  const day = formatDay(row.validade.valor);
  if (!day) return t.notInformed;
  return row.validade.expirada ? `${day} (${t.expired})` : day;
}

/**
 * A freight line's lead in the PDF: its container type ("40HC 2 × …"), or "Frete" for a price per kg, W/M or
 * m³ ("Frete 12,5 W/M × US$ 45,00"), whose calculation already names its unit (QA pass 13: "WM 12,5 W/M").
 */
const pdfFreightType = (tipo: string) => (freightTypeName(tipo) === tipo ? tipo : t.columns.fretes);

/**
 * A row that lacks charges others quote, or a container size's price: its total is marked, as the screen's
 * badges (QA pass 33: a 40HC-only offer had the shortest bar, unmarked).
 */
/**
 * A total that leaves something out: charges others quote, a container it has no price for, or a charge it
 * quotes but the totals could not count (a quantity the quote does not give, a currency not summed; QA pass
 * 43a: such a row looked the cheapest in the table and the chart with no mark).
 */
const isIncomplete = (row: ComparisonRow) =>
  (row.taxasAusentes?.length ?? 0) > 0 ||
  missingFreightOf(row).length > 0 ||
  (row.quantidadesDesconhecidas?.length ?? 0) > 0 ||
  (row.taxasNaoSomadas?.length ?? 0) > 0;
/** A total (marked 'incompleta' when it leaves out charges others quote), or why the row has none. */
const totalOf = (row: ComparisonRow, value: number) =>
  unpricedReason(row) ??
  (isIncomplete(row) ? `${formatNumber(value)}\n${t.incompleteMark}` : formatNumber(value));
/** The BRL total of the cheapest by its estimate, with the estimate under it ('Menor custo (estimado): …'). */
const withEstimate = (total: string, row: ComparisonRow) =>
  row.destaque.menorCusto && row.menorCustoEstimado
    ? `${total}\n${formatMessage(t.estimatedMark, { total: formatNumber(row.menorCustoEstimado.totalBRL) })}`
    : total;
/** A revision's total with its change under it ('-1.573,68 vs v1'), as the screen's ▼ shows. */
const withChange = (total: string, change: string | null) => (change ? `${total}\n${change}` : total);
/** A sum of fees, or a dash while the answer's figures are not read. */
const fees = (row: ComparisonRow, value: number) =>
  row.extracao !== 'concluida' ? '—' : row.freteAllIn && value === 0 ? t.allInFees : formatNumber(value);

function freightsOf(row: ComparisonRow): string {
  if (row.extracao !== 'concluida' || row.declinou) return unpricedReason(row) ?? t.notInformed;
  const lines = row.fretes
    .filter((frete) => frete.valor !== null)
    .map(
      (frete) =>
        `${freightName({ ...frete, tipo: pdfFreightType(frete.tipo) })} ${frete.quantidade && frete.valorTotal !== undefined ? chargeLineText(frete) : formatMoney(frete.valor!, frete.moeda)}`,
    );
  const lane = laneMedianLineOf(row);
  if (lines.length && lane) lines.push(lane, laneTextOf(row)!);
  return lines.length ? lines.join('\n') : t.notInformed;
}

/** One proposal's charge lines with the quantity counted: 'THC 2 × R$ 1.420,00 = R$ 2.840,00' (issue 30). */
export function chargesTextOf(row: ComparisonRow): string | null {
  if (row.extracao !== 'concluida') return null;
  const parts = [
    ...row.fretes
      .filter((frete) => frete.valor !== null && frete.quantidade && frete.valorTotal !== undefined)
      .map(
        (frete) =>
          `${freightName({ ...frete, tipo: pdfFreightType(frete.tipo) })} ${chargeLineText(frete)}${frete.corrigido ? ` ${t.corrected}` : ''}`,
      ),
    ...row.taxas.map((taxa) => {
      const line = `${feeDisplayName(taxa.rotulo || taxa.nome)} ${taxa.quantidade !== undefined ? chargeLineText(taxa) : formatMoney(taxa.valor ?? 0, taxa.moeda)}${taxa.corrigido ? ` ${t.corrected}` : ''}`;
      return taxa.contabilizada
        ? line
        : `${line} (${formatMessage(t.chargesNotCounted, { motivo: taxa.motivo ?? '' })})`;
    }),
  ];
  const carried = carriedOf(row);
  // Every incomplete row says what it would cost completed, as the screen does (QA pass 26).
  const completed = row.menorCustoEstimado ?? row.custoEstimado;
  const estimate = completed ? estimateNoteText(completed) : null;
  const notes = [
    ...(carried ? [carried] : []),
    ...(missingFreightOf(row).length > 0
      ? [formatMessage(t.freightMissing, { itens: missingItemsText(missingFreightOf(row)) })]
      : []),
    ...(row.taxasAusentes?.length ? [formatMessage(t.incomplete, { itens: missingFeesText(row) })] : []),
    ...(row.taxasNaoSomadas?.length
      ? [formatMessage(t.notSummed, { itens: row.taxasNaoSomadas.join(', ') })]
      : []),
    ...(row.quantidadesDesconhecidas?.length
      ? [formatMessage(t.unknownQuantity, { lista: row.quantidadesDesconhecidas.join('; ') })]
      : []),
    // An estimate: which charges were added, at whose price.
    // Only the row marked cheapest by its estimate is called so (QA pass 27: every estimated row was).
    ...(estimate
      ? [row.menorCustoEstimado ? formatMessage(t.estimatedLine, { nota: estimate }) : estimate]
      : []),
    // The row's alerts (the option compared of several, a transit above the one asked…), as on the screen.
    ...(row.alertas ?? []).map((alerta) => alerta.texto),
  ];
  const text = [...parts, ...notes].join('; ');
  return text === '' ? null : text;
}

/**
 * The charge lines of every proposal under the table, one paragraph each. A paragraph that does not fit
 * above `bottom` starts the next page whole, and the title never stays alone at a page's foot.
 */
function drawCharges(
  pdf: PDFKit.PDFDocument,
  rows: readonly ComparisonRow[],
  area: { left: number; width: number; bottom: () => number },
) {
  const { left, width, bottom } = area;
  const lines = rows
    .map((row) => ({ row, text: chargesTextOf(row) }))
    .filter((entry): entry is { row: ComparisonRow; text: string } => entry.text !== null);
  if (lines.length === 0) return;
  const leadOf = (row: ComparisonRow) => `${row.transportador.nome} · ${destinationOf(row)}: `;
  const heightOf = (row: ComparisonRow, text: string) =>
    pdf
      .font('Helvetica')
      .fontSize(8)
      .heightOfString(`${leadOf(row)}${text}`, { width });
  const newPageIfShort = (height: number) => {
    if (pdf.y + height > bottom() && height < bottom() - MARGIN) {
      pdf.addPage();
      pdf.y = MARGIN;
    }
  };
  pdf.moveDown(0.8);
  newPageIfShort(24 + heightOf(lines[0]!.row, lines[0]!.text));
  pdf
    .fillColor(COLORS.title)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(t.chargesTitle, left, pdf.y, { width });
  pdf.moveDown(0.2);
  for (const { row, text } of lines) {
    newPageIfShort(heightOf(row, text));
    pdf
      .fillColor(COLORS.text)
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(leadOf(row), left, pdf.y, { width, continued: true })
      .font('Helvetica')
      .text(text);
  }
}

/**
 * The table of the summary, fitted to the width of an A4 landscape page between margins. With charges in
 * EUR it has a column "Taxas (EUR)", taken from the carrier and freight columns.
 */
const tableOf = (euro: boolean): TableColumn[] => [
  {
    header: t.columns.transportador,
    width: euro ? 100 : 120,
    align: 'left',
    cell: (row) => row.transportador.nome,
  },
  { header: t.columns.destino, width: 58, align: 'left', cell: destinationOf },
  { header: t.columns.fretes, width: euro ? 80 : 104, align: 'left', cell: freightsOf },
  {
    header: t.columns.taxasUSD,
    width: 56,
    align: 'right',
    cell: (row) => fees(row, row.taxasPorMoeda.USD),
  },
  {
    header: t.columns.taxasBRL,
    width: 60,
    align: 'right',
    cell: (row) => fees(row, row.taxasPorMoeda.BRL),
  },
  ...(euro
    ? [
        {
          header: t.columns.taxasEUR,
          width: 44,
          align: 'right',
          cell: (row) => fees(row, row.taxasPorMoeda.EUR ?? 0),
        } satisfies TableColumn,
      ]
    : []),
  {
    header: t.columns.rodoviario,
    width: 56,
    align: 'right',
    cell: (row) => formatNumber(row.custoRodoviario),
  },
  {
    header: t.columns.totalBRL,
    width: 70,
    align: 'right',
    cell: (row) => withChange(withEstimate(totalOf(row, row.custoTotalBRL), row), changeTextOf(row, 'BRL')),
    highlight: (row) => row.destaque.menorCusto,
  },
  {
    header: t.columns.totalUSD,
    width: 62,
    align: 'right',
    cell: (row) => withChange(totalOf(row, row.custoTotalUSD), changeTextOf(row, 'USD')),
  },
  {
    header: t.columns.transitShort,
    width: 44,
    align: 'right',
    cell: (row) => transitDaysText(row.prazo) ?? t.notInformed,
    highlight: (row) => row.destaque.menorPrazo,
  },
  {
    header: t.columns.freeTimeShort,
    width: 44,
    align: 'right',
    cell: (row) =>
      row.freeTimeCombinado && row.freeTime.valor !== null
        ? formatMessage(t.freeTimeCombined, { dias: row.freeTime.valor })
        : days(row.freeTime.valor),
  },
  { header: t.columns.validade, width: 50, align: 'left', cell: validityOf },
  { header: t.columns.status, width: 56, align: 'left', cell: rowStatusLabel },
];
const PAD = 3;
const FONT_SIZE = 8;

/** 0, a round step, 2 steps… up to at least `max`: the chart's scale. */
function niceTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) ticks.push(value);
  return ticks;
}

/**
 * `text` cut with '…' to fit `width` in the current font: a chart label is one line (a long one used to
 * wrap over the next bar).
 */
function fitted(pdf: PDFKit.PDFDocument, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 1 && pdf.widthOfString(`${text.slice(0, end).trimEnd()}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

export function renderComparativePdf(source: ComparativeSource): Promise<Buffer> {
  const { header, taxa } = source;
  const rows = [...source.rows()];
  const TABLE = tableOf(hasEuroAmounts(rows));
  const eurLine = eurExchangeLine(taxa, rows);
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      // Text that flows on (the charge lines) breaks the page above the footer, not over it (QA pass 18).
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
      bufferPages: true,
      info: {
        Title: formatMessage(t.heading, { codigo: header.codigo }),
        Author: 'Sistema de Cotações',
        CreationDate: header.geradoEm,
      },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    const left = MARGIN;
    const width = pdf.page.width - 2 * MARGIN;
    const bottom = () => pdf.page.height - MARGIN - FOOTER_SPACE;

    // Title and the quote's data.
    pdf
      .fillColor(COLORS.title)
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(formatMessage(t.heading, { codigo: header.codigo }), left, MARGIN, { width });
    pdf.moveDown(0.2).fillColor(COLORS.text).font('Helvetica').fontSize(11).text(header.empresa, { width });
    pdf.moveDown(0.6);
    const info: [string, string][] = [
      [t.rota, routeOf(header)],
      [t.solicitante, header.nomeSolicitante || t.notInformed],
      [t.prazoResposta, formatDateTime(header.prazoResposta)],
      [t.taxaAplicada, exchangeLine(taxa)],
      [t.geradoEm, formatMessage(t.generatedAtValue, { data: formatDateTime(header.geradoEm) })],
      ...(eurLine ? [[t.taxaEuro, eurLine] as [string, string]] : []),
    ];
    const half = width / 2;
    let infoTop = pdf.y;
    info.forEach(([label, value], index) => {
      const x = left + (index % 2) * half;
      if (index % 2 === 0 && index > 0) infoTop = pdf.y + 4;
      pdf
        .fillColor(COLORS.muted)
        .font('Helvetica')
        .fontSize(8)
        .text(label.toUpperCase(), x, infoTop, {
          width: half - 12,
        });
      pdf
        .fillColor(
          (taxa.fonte === 'fallback' && label === t.taxaAplicada) ||
            (taxa.eur?.fonte === 'fallback' && label === t.taxaEuro)
            ? '#b45309'
            : COLORS.text,
        )
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(value, x, pdf.y + 1, { width: half - 12 });
    });
    pdf.y += 10;

    // The table, its header repeated on every page.
    const cellHeight = (value: string, column: TableColumn, bold: boolean) =>
      pdf
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(FONT_SIZE)
        .heightOfString(value, { width: column.width - 2 * PAD });
    const drawHeader = () => {
      const height = Math.max(...TABLE.map((column) => cellHeight(column.header, column, true))) + 2 * PAD;
      const y = pdf.y;
      pdf.rect(left, y, width, height).fill(COLORS.headerFill);
      let x = left;
      for (const column of TABLE) {
        pdf
          .fillColor('#ffffff')
          .font('Helvetica-Bold')
          .fontSize(FONT_SIZE)
          .text(column.header, x + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align });
        x += column.width;
      }
      pdf.y = y + height;
    };
    pdf.fillColor(COLORS.title).font('Helvetica-Bold').fontSize(12).text(t.tableTitle, left, pdf.y);
    pdf.moveDown(0.3);
    drawHeader();
    rows.forEach((row, index) => {
      const values = TABLE.map((column) => column.cell(row));
      const height =
        Math.max(
          // Measured in the font it is drawn in: the carrier column is always bold.
          ...TABLE.map((column, i) =>
            cellHeight(values[i]!, column, i === 0 || Boolean(column.highlight?.(row))),
          ),
        ) +
        2 * PAD;
      if (pdf.y + height > bottom()) {
        pdf.addPage();
        pdf.y = MARGIN;
        drawHeader();
      }
      const y = pdf.y;
      if (index % 2 === 1) pdf.rect(left, y, width, height).fill(COLORS.zebra);
      let x = left;
      TABLE.forEach((column, i) => {
        const highlighted = Boolean(column.highlight?.(row));
        if (highlighted) pdf.rect(x, y, column.width, height).fill(COLORS.highlightFill);
        pdf
          .fillColor(highlighted ? COLORS.highlightText : COLORS.text)
          .font(highlighted || i === 0 ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(FONT_SIZE)
          .text(values[i]!, x + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align });
        x += column.width;
      });
      pdf
        .moveTo(left, y + height)
        .lineTo(left + width, y + height)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      pdf.y = y + height;
    });
    pdf.moveDown(0.5);
    pdf
      .fillColor(COLORS.muted)
      .font('Helvetica-Oblique')
      .fontSize(8)
      .text(legendOf(rows, header), left, pdf.y, { width });
    drawCharges(pdf, rows, { left, width, bottom });

    // Bar chart of the totals in BRL of the rows with a price, cheapest first, on this page when it fits,
    // else from a new one.
    const bars = rows.filter((row) => row.precificada).sort((a, b) => a.custoTotalBRL - b.custoTotalBRL);
    const labelWidth = 220;
    const valueWidth = 80;
    const plotLeft = left + labelWidth + 8;
    const plotWidth = width - labelWidth - 8 - valueWidth;
    const ticks = niceTicks(Math.max(0, ...bars.map((row) => row.custoTotalBRL)));
    const scaleMax = ticks[ticks.length - 1] || 1;
    const titleHeight = 24;
    const axisHeight = 14;
    const fullPage = bottom() - MARGIN - titleHeight - axisHeight;
    const pitch = Math.min(18, Math.max(13, fullPage / Math.max(1, bars.length)));
    const barHeight = Math.round(pitch * 0.68);
    pdf.moveDown(1.2);
    if (
      (bars.length > 0 && pdf.y + titleHeight + axisHeight + Math.min(bars.length, 3) * pitch > bottom()) ||
      (bars.length * pitch > bottom() - pdf.y - titleHeight - axisHeight && bars.length * pitch <= fullPage)
    ) {
      pdf.addPage();
      pdf.y = MARGIN;
    }
    let next = 0;
    while (next < bars.length) {
      if (next > 0) {
        pdf.addPage();
        pdf.y = MARGIN;
      }
      pdf
        .fillColor(COLORS.title)
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(t.chartTitle, left, pdf.y, { width });
      pdf.y += 8;
      const top = pdf.y;
      const count = Math.max(
        1,
        Math.min(bars.length - next, Math.floor((bottom() - top - axisHeight) / pitch)),
      );
      const plotBottom = top + count * pitch;
      // Grid first, so bars and their values are drawn over it.
      for (const tick of ticks) {
        const x = plotLeft + (tick / scaleMax) * plotWidth;
        pdf.moveTo(x, top).lineTo(x, plotBottom).lineWidth(0.5).strokeColor(COLORS.grid).stroke();
        pdf
          .fillColor(COLORS.muted)
          .font('Helvetica')
          .fontSize(7)
          .text(formatNumber(tick).replace(/,00$/, ''), x - 30, plotBottom + 3, {
            width: 60,
            align: 'center',
            lineBreak: false,
          });
      }
      for (const [index, row] of bars.slice(next, next + count).entries()) {
        const y = top + index * pitch;
        const best = row.destaque.menorCusto;
        pdf.fillColor(COLORS.text).font('Helvetica').fontSize(8);
        // Right-aligned by hand, with no width: given a width, pdfkit wraps even with lineBreak false.
        const place = ` · ${destinationOf(row)}`;
        const label = fitted(pdf, row.transportador.nome, labelWidth - pdf.widthOfString(place)) + place;
        pdf.text(label, left + labelWidth - pdf.widthOfString(label), y + (barHeight - 7) / 2, {
          lineBreak: false,
        });
        const barWidth = Math.max(1, (row.custoTotalBRL / scaleMax) * plotWidth);
        // An incomplete row's bar is grey and says so: its shorter bar is charges left out, not a price. The
        // marked row is green, an incomplete one too when its estimate is the lowest, which it says.
        const incomplete = isIncomplete(row);
        pdf
          .rect(plotLeft, y, barWidth, barHeight)
          .fill(best ? COLORS.barBest : incomplete ? COLORS.barIncomplete : COLORS.bar);
        const estimate =
          best && row.menorCustoEstimado
            ? formatMessage(t.estimatedMark, { total: formatMoney(row.menorCustoEstimado.totalBRL, 'BRL') })
            : null;
        const parts = [formatMoney(row.custoTotalBRL, 'BRL'), ...(incomplete ? [t.incompleteMark] : [])];
        pdf
          .fillColor(best ? COLORS.highlightText : COLORS.text)
          .font(best ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8);
        // The estimate beside its bar when it fits (it is in the table and the calculation lines anyway),
        // else the mark alone.
        const room = valueWidth + plotWidth - barWidth - 4;
        const value = [
          [...parts, ...(estimate ? [estimate] : [])].join(' · '),
          [...parts, ...(estimate ? [t.highlight.menorCustoEstimado] : [])].join(' · '),
        ].find((text) => pdf.widthOfString(text) <= room);
        pdf.text(value ?? parts.join(' · '), plotLeft + barWidth + 4, y + (barHeight - 7) / 2, {
          width: valueWidth + plotWidth - barWidth,
          lineBreak: false,
        });
      }
      pdf.y = plotBottom + axisHeight;
      next += count;
    }

    // Footer: generation time and 'Página X de Y' on every page.
    const range = pdf.bufferedPageRange();
    const generated = formatMessage(t.generatedAt, { data: formatDateTime(header.geradoEm) });
    for (let i = 0; i < range.count; i++) {
      pdf.switchToPage(range.start + i);
      // Writing inside the bottom margin would otherwise start a new page.
      pdf.page.margins.bottom = 0;
      const y = pdf.page.height - MARGIN - 10;
      pdf
        .moveTo(left, y - 6)
        .lineTo(left + width, y - 6)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      pdf
        .fillColor(COLORS.muted)
        .font('Helvetica')
        .fontSize(8)
        .text(`${formatMessage(t.heading, { codigo: header.codigo })} · ${generated}`, left, y, {
          width: width - 100,
          lineBreak: false,
        });
      pdf.text(formatMessage(t.page, { n: i + 1, total: range.count }), left + width - 100, y, {
        width: 100,
        align: 'right',
        lineBreak: false,
      });
    }
    pdf.end();
  });
}
