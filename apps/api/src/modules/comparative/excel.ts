import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ComparisonRow } from '@cotacoes/shared';
import { formatMessage } from '@cotacoes/shared';
import { hasEuroAmounts } from '@cotacoes/shared/comparison/currency';
import { estimateNoteText } from '@cotacoes/shared/comparison/estimate-text';
import { freightTypeName } from '@cotacoes/shared/comparison/freight-type';
import { originLabel } from '@cotacoes/shared/comparison/origin-label';
import { chargeLineText, transitDaysText, weightBandText } from '@cotacoes/shared/comparison/quantity-text';
import { comparativeDocumentMessages as t } from '@cotacoes/shared/messages/ui-comparative';
import ExcelJS from 'exceljs';
import { neutralizeCell } from '../../lib/spreadsheet.js';
import {
  type ComparativeSource,
  carriedOf,
  currencySymbol,
  destinationOf,
  estimateTextOf,
  eurExchangeLine,
  formatNumber,
  freightOf,
  freightTypesOf,
  hasLanes,
  highlightsOf,
  laneTextOf,
  legendOf,
  missingOf,
  parseIsoDay,
  routeOf,
  rowStatusLabel,
  unpricedReason,
  wallClock,
} from './comparative-document.js';

/*
 * The comparative as a workbook (issue #15): a summary sheet (the quote, the exchange rate, one row per
 * carrier and destination) and a detail sheet (every freight and fee line with its source). Streamed with
 * exceljs' WorkbookWriter: rows are committed as they are written, so the memory does not grow with the
 * number of rows. Every text cell goes through the S9 neutraliser of lib/spreadsheet.
 */

type CellValue = string | number | Date | null;
type Cell = { value: CellValue; numFmt?: string; highlight?: boolean; wrap?: boolean };
type Column = { header: string; cell: (row: ComparisonRow) => Cell; max?: number };

const MONEY = '#,##0.00';
const QUANTITY = '#,##0.###';
const DAYS = '0';
const DATE = 'dd/mm/yyyy';
const DATE_TIME = 'dd/mm/yyyy hh:mm';
const RATE = '0.0000';
const PERCENT = '0.0"%"';
const CONFIDENCE = '0%';
/** Rows written between two turns of the event loop, so the zip and the output drain as rows come. */
const ROWS_PER_TURN = 256;
/** Excel's own limit of a cell's text. */
const MAX_CELL_CHARS = 32_000;
/** Width (characters) of the widest column: longer text wraps in the cell instead. */
const MAX_WIDTH = 48;
const MIN_WIDTH = 8;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const HIGHLIGHT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC6EFCE' } };
const HIGHLIGHT_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FF006100' } };
const LABEL_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FF475569' } };

/** Text from carrier or user data: neutralised (S9) and cut to what a cell holds. */
function text(value: string | null | undefined): string | null {
  // A PDF table's cell label came padded with its column's blanks ("20DC × THC (BRL)      ", QA pass 18);
  // leading characters stay for the S9 neutraliser to see.
  const trimmed = value?.trimEnd();
  if (!trimmed) return null;
  return neutralizeCell(trimmed.slice(0, MAX_CELL_CHARS)) as string;
}

/**
 * A source line without its list bullet ("- Frete marítimo: …", "• THC …"): the bullet is the e-mail's layout,
 * and as a first character it made the S9 neutraliser show "'- Frete…" (QA pass 13). A line that is a formula
 * after its bullet is still neutralised.
 */
function withoutBullet(value: string | null | undefined): string | null | undefined {
  return value?.replace(/^[-–•*·]\s+(?=\S)/u, '');
}

/** The number format of an amount in `currency`: the value stays a number, the symbol is display only. */
export function moneyFormat(currency: string | null): string {
  const symbol = currencySymbol(currency);
  return symbol ? `"${symbol} "${MONEY}` : MONEY;
}

const money = (value: number | null, currency: string | null = null, highlight = false): Cell => ({
  value,
  numFmt: currency ? moneyFormat(currency) : MONEY,
  highlight,
});

/** A total, or — for a row without a price — why it has none, as text ('Em extração'…). */
const total = (row: ComparisonRow, value: number, highlight = false): Cell => {
  const reason = unpricedReason(row);
  return reason ? { value: reason } : money(value, null, highlight);
};

/**
 * A revision's change of total, signed, shown '▼ 1.573,68' or '▲ …'; empty for a first answer. An incomplete
 * row's drop is charges left out, not a saving, as the PDF says (QA pass 37: the sheet showed a plain '▼').
 */
const CHANGE = `"▲ "${MONEY};"▼ "${MONEY};0`;
const change = (row: ComparisonRow, value: number | null | undefined): Cell =>
  row.precificada && value !== null && value !== undefined && value !== 0
    ? { value, numFmt: row.variacao?.incompleta ? t.changeIncompleteFormat : CHANGE }
    : { value: null };

/** A sum of fees; empty while the answer's figures are not read. */
const fees = (row: ComparisonRow, value: number): Cell =>
  row.extracao !== 'concluida'
    ? { value: null }
    : row.freteAllIn && value === 0
      ? { value, numFmt: t.allInFeesFormat }
      : money(value);

/** The freight a row counts in one currency (each price × its quantity); empty for a row without a price. */
function freightTotal(row: ComparisonRow, moeda: 'USD' | 'BRL' | 'EUR'): Cell {
  if (!row.precificada) return { value: null };
  const counted = row.fretes.filter((frete) => frete.moeda === moeda && frete.valorTotal !== undefined);
  return money(counted.reduce((sum, frete) => sum + (frete.valorTotal ?? 0), 0));
}

function summaryColumns(freightTypes: readonly string[], hasLanes: boolean, euro: boolean): Column[] {
  const c = t.columns;
  // Freight and charges quoted in EUR, when some proposal has them (summed at the euro's rate).
  const eurColumns: (kind: 'frete' | 'taxas') => Column[] = (kind) =>
    !euro
      ? []
      : kind === 'frete'
        ? [{ header: c.freteEUR, cell: (row) => freightTotal(row, 'EUR') }]
        : [{ header: c.taxasEUR, cell: (row) => fees(row, row.taxasPorMoeda.EUR ?? 0) }];
  // Issue 36: the lane's 90-day median next to each proposal, when some row has one.
  const laneColumns: Column[] = hasLanes
    ? [
        { header: c.laneMedian, cell: (row) => money(row.lane?.mediana ?? null, 'USD') },
        { header: c.laneDelta, cell: (row) => ({ value: laneTextOf(row) }), max: 44 },
      ]
    : [];
  return [
    { header: c.transportador, cell: (row) => ({ value: text(row.transportador.nome) }), max: 36 },
    { header: c.email, cell: (row) => ({ value: text(row.transportador.email) }), max: 36 },
    { header: c.destino, cell: (row) => ({ value: text(destinationOf(row)) }) },
    ...freightTypes.map(
      (tipo): Column => ({
        header: formatMessage(c.freteUnitario, { tipo: freightTypeName(tipo) }),
        cell: (row) => {
          const frete = freightOf(row, tipo);
          return money(frete?.valor ?? null, frete?.moeda ?? null);
        },
      }),
    ),
    // The freight counted (price × quantity) in each currency: with the fees beside it, the totals add up.
    { header: c.freteUSD, cell: (row) => freightTotal(row, 'USD') },
    { header: c.freteBRL, cell: (row) => freightTotal(row, 'BRL') },
    ...eurColumns('frete'),
    { header: c.taxasUSD, cell: (row) => fees(row, row.taxasPorMoeda.USD) },
    { header: c.taxasBRL, cell: (row) => fees(row, row.taxasPorMoeda.BRL) },
    ...eurColumns('taxas'),
    { header: c.rodoviario, cell: (row) => money(row.custoRodoviario) },
    { header: c.totalBRL, cell: (row) => total(row, row.custoTotalBRL, row.destaque.menorCusto) },
    { header: c.totalUSD, cell: (row) => total(row, row.custoTotalUSD) },
    // A revision's change against the carrier's previous version: ▼ cheaper, ▲ dearer (as on the screen).
    { header: c.variacaoBRL, cell: (row) => change(row, row.variacao?.custoTotalBRL) },
    { header: c.variacaoUSD, cell: (row) => change(row, row.variacao?.custoTotalUSD) },
    ...laneColumns,
    {
      header: c.transit,
      // A range as written ('25–30', text); one figure stays a number.
      cell: (row) => ({
        value: row.prazo.minimoDias !== undefined ? transitDaysText(row.prazo) : row.prazo.valor,
        numFmt: DAYS,
        highlight: row.destaque.menorPrazo,
      }),
    },
    {
      header: c.freeTime,
      cell: (row) => ({
        value: row.freeTime.valor,
        numFmt: row.freeTimeCombinado ? t.freeTimeCombinedFormat : DAYS,
      }),
    },
    {
      header: c.validade,
      cell: (row) => {
        const day = parseIsoDay(row.validade.valor);
        // An expired one says so, as the PDF does, and stays a date (QA pass 37: the sheet had no mark).
        const format = row.validade.expirada ? `${DATE}" (${t.expired})"` : DATE;
        return day ? { value: day, numFmt: format } : { value: text(row.validade.valor) };
      },
    },
    { header: c.status, cell: (row) => ({ value: text(rowStatusLabel(row)) }) },
    { header: c.versao, cell: (row) => ({ value: row.versao, numFmt: DAYS }) },
    // The cheapest by its estimate says how it was made, under its mark.
    {
      header: c.destaque,
      cell: (row) => {
        const estimate = estimateTextOf(row);
        return estimate
          ? { value: `${highlightsOf(row)}\n${estimate}`, wrap: true }
          : { value: highlightsOf(row) || null };
      },
      max: 40,
    },
    // What it lacks, and, for a row not the cheapest, its estimate as the screen and the PDF give it (QA pass
    // 40a: the sheet said only "Faltando: THC").
    {
      header: c.faltando,
      cell: (row) => {
        const missing = missingOf(row);
        const estimate =
          row.custoEstimado && !estimateTextOf(row) ? estimateNoteText(row.custoEstimado) : null;
        if (!estimate) return { value: missing || null };
        return { value: missing ? `${missing}\n${estimate}` : estimate, wrap: true };
      },
      max: 40,
    },
    { header: c.versaoAnterior, cell: (row) => ({ value: carriedOf(row) || null }), max: 40 },
    // The row's alerts, as on the screen: the option compared of several, a transit above the one asked…
    {
      header: c.alertas,
      cell: (row) => ({ value: text((row.alertas ?? []).map((alerta) => alerta.texto).join('; ')) || null }),
      max: 60,
    },
  ];
}

/** One detail line: a freight or a fee of a row, with whether it counted and where it was read. */
type DetailLine = {
  row: ComparisonRow;
  kind: string;
  nome: string;
  destino: string | null;
  valor: number | null;
  moeda: string | null;
  /** Units counted and the amount they make (issue 30; the amount only when counted); undefined: as quoted. */
  quantidade: number | null | undefined;
  valorTotal: number | null | undefined;
  calculo: string;
  contabilizada: boolean;
  motivo: string | null;
  corrigido: boolean;
  confianca: number | null;
  fonte: { line: number; text: string; cell?: string; origin: string } | null;
};

function* detailLines(row: ComparisonRow): Generator<DetailLine> {
  for (const frete of row.fretes) {
    // Counted when it makes part of the total (a price per BL on an FCL quote is shown, not counted).
    const counted = frete.valor !== null && frete.valorTotal !== undefined;
    yield {
      row,
      kind: t.kinds.frete,
      nome: [formatMessage(t.columns.frete, { tipo: freightTypeName(frete.tipo) }), weightBandText(frete)]
        .filter(Boolean)
        .join(' '),
      destino: row.destino,
      valor: frete.valor,
      moeda: frete.moeda,
      quantidade: frete.quantidade,
      // Empty unless counted: the column sums to the totals.
      valorTotal: counted ? frete.valorTotal : undefined,
      calculo: frete.quantidade && frete.valorTotal !== undefined ? chargeLineText(frete) : '',
      contabilizada: counted,
      // An air rate of another weight band than the one counted says so (QA pass 24: no reason was given).
      motivo: frete.faixa && frete.valorTotal === undefined ? t.otherWeightBand : null,
      corrigido: frete.corrigido,
      confianca: frete.confianca,
      fonte: frete.fonte,
    };
  }
  for (const taxa of row.taxas)
    yield {
      row,
      kind: t.kinds.taxa,
      nome: taxa.rotulo || taxa.nome,
      destino: taxa.destino,
      valor: taxa.valor,
      moeda: taxa.moeda,
      quantidade: taxa.quantidade,
      // A line not counted (a lower duplicate, another destination…) shows no counted amount: a SUM of the
      // column equals the totals.
      valorTotal: taxa.contabilizada ? taxa.valorTotal : null,
      calculo: taxa.quantidade !== undefined ? chargeLineText(taxa) : '',
      contabilizada: taxa.contabilizada,
      motivo: taxa.motivo,
      corrigido: taxa.corrigido,
      confianca: taxa.confianca,
      fonte: taxa.fonte,
    };
}

type DetailColumn = { header: string; cell: (line: DetailLine) => Cell; max?: number };

function detailColumns(): DetailColumn[] {
  const c = t.detailColumns;
  const yesNo = (value: boolean) => (value ? t.yes : t.no);
  return [
    { header: c.transportador, cell: (l) => ({ value: text(l.row.transportador.nome) }), max: 36 },
    { header: c.destinoLinha, cell: (l) => ({ value: text(destinationOf(l.row)) }) },
    { header: c.tipo, cell: (l) => ({ value: l.kind }) },
    { header: c.nome, cell: (l) => ({ value: text(l.nome) }), max: 32 },
    { header: c.destinoTaxa, cell: (l) => ({ value: text(l.destino) }) },
    { header: c.valor, cell: (l) => ({ value: l.valor, numFmt: MONEY }) },
    { header: c.moeda, cell: (l) => ({ value: text(l.moeda) }) },
    { header: c.contabilizada, cell: (l) => ({ value: yesNo(l.contabilizada) }) },
    { header: c.motivo, cell: (l) => ({ value: text(l.motivo) }), max: 32 },
    { header: c.quantidade, cell: (l) => ({ value: l.quantidade ?? null, numFmt: QUANTITY }) },
    { header: c.valorTotal, cell: (l) => ({ value: l.valorTotal ?? null, numFmt: MONEY }) },
    { header: c.calculo, cell: (l) => ({ value: text(l.calculo) }), max: 40 },
    { header: c.corrigido, cell: (l) => ({ value: yesNo(l.corrigido) }) },
    { header: c.confianca, cell: (l) => ({ value: l.confianca, numFmt: CONFIDENCE }) },
    {
      header: c.origem,
      cell: (l) => ({ value: text(l.fonte ? originLabel(l.fonte.origin) : null) }),
      max: 30,
    },
    { header: c.linha, cell: (l) => ({ value: l.fonte?.line ?? null, numFmt: DAYS }) },
    { header: c.celula, cell: (l) => ({ value: text(l.fonte?.cell) }) },
    { header: c.texto, cell: (l) => ({ value: text(withoutBullet(l.fonte?.text)) }), max: MAX_WIDTH },
  ];
}

/** The characters a cell shows, to size its column. */
function displayWidth(cell: Cell): number {
  const { value } = cell;
  if (value === null) return 0;
  if (value instanceof Date) return cell.numFmt === DATE_TIME ? 16 : 10;
  if (typeof value === 'number') {
    const symbol = /^"([^"]*)"/.exec(cell.numFmt ?? '')?.[1] ?? '';
    return cell.numFmt === DAYS
      ? String(Math.round(value)).length
      : formatNumber(value).length + symbol.length;
  }
  return Math.max(...value.split('\n').map((line) => line.length));
}

/** Column widths that fit the header's longest word and every value, within [MIN_WIDTH, max]. */
function fitWidths<T>(columns: readonly { header: string; cell: (item: T) => Cell; max?: number }[]) {
  const widths = columns.map((column) =>
    Math.max(MIN_WIDTH, ...column.header.split(/\s+/).map((word) => word.length + 2)),
  );
  return {
    measure(item: T) {
      columns.forEach((column, index) => {
        const width = displayWidth(column.cell(item)) + 2;
        if (width > widths[index]!) widths[index] = width;
      });
    },
    widths: () => widths.map((width, index) => Math.min(width, columns[index]!.max ?? MAX_WIDTH)),
  };
}

function styleHeader(row: ExcelJS.Row): void {
  row.height = 45;
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.font = HEADER_FONT;
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
}

/**
 * One shared style object per format and highlight: exceljs caches a style by object identity, so cells
 * that share one are not re-encoded row after row.
 */
const styles = new Map<string, Partial<ExcelJS.Style>>();
function styleOf(cell: Cell): Partial<ExcelJS.Style> {
  const key = `${cell.numFmt ?? ''}|${cell.highlight ? 1 : 0}|${cell.wrap ? 1 : 0}`;
  let style = styles.get(key);
  if (!style) {
    style = {
      ...(cell.numFmt ? { numFmt: cell.numFmt } : {}),
      ...(cell.highlight ? { fill: HIGHLIGHT_FILL, font: HIGHLIGHT_FONT } : {}),
      ...(cell.wrap ? { alignment: { wrapText: true, vertical: 'top' } } : {}),
    };
    styles.set(key, style);
  }
  return style;
}

function addCells(sheet: ExcelJS.Worksheet, cells: readonly Cell[]): void {
  const row = sheet.addRow(cells.map((cell) => cell.value));
  cells.forEach((cell, index) => {
    // Every cell, styled or not, gets a shared object: a cell's own fresh `{}` would be encoded again.
    row.getCell(index + 1).style = styleOf(cell.value === null ? ({} as Cell) : cell);
  });
  row.commit();
}

/** What the zip pipes of a sheet expose: exceljs bundles readable-stream 2, without `writableNeedDrain`. */
type PipeState = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * exceljs' sheet buffer hands its data to the zip without waiting: every ROWS_PER_TURN rows, wait until
 * the zip's input has room (it drains into the deflater and the output, which drains as it is read).
 */
async function backpressure(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: PipeState[] } }).stream?.pipes ?? [];
  const full = pipes.find((pipe) => pipe.writableNeedDrain ?? pipe._writableState?.needDrain);
  if (full) await once(full, 'drain');
  else await nextTurn();
}

/** The quote's data above the table: label/value pairs in columns A–B and D–E. */
function infoRows(source: ComparativeSource): [Cell, Cell, Cell, Cell][] {
  const { header, taxa } = source;
  const label = (value: string): Cell => ({ value });
  return [
    [label(t.empresa), { value: text(header.empresa) }, label(t.rota), { value: text(routeOf(header)) }],
    [
      label(t.solicitante),
      { value: text(header.nomeSolicitante) },
      label(t.prazoResposta),
      { value: wallClock(header.prazoResposta), numFmt: DATE_TIME },
    ],
    [
      label(t.ptax),
      { value: taxa.ptax, numFmt: RATE },
      label(t.ptaxDate),
      taxa.dataCotacao && parseIsoDay(taxa.dataCotacao)
        ? { value: parseIsoDay(taxa.dataCotacao), numFmt: DATE }
        : { value: t.notInformed },
    ],
    [
      label(t.margem),
      { value: taxa.margem, numFmt: PERCENT },
      label(t.taxaAplicada),
      { value: taxa.taxa, numFmt: RATE },
    ],
    [
      label(t.fonte),
      { value: taxa.fonte === 'ptax' ? t.fontePtax : t.fonteFallback, highlight: false },
      label(t.geradoEm),
      { value: wallClock(header.geradoEm), numFmt: DATE_TIME },
    ],
  ];
}

/**
 * The header row of the summary table: title, five info rows, the legend and the line above it (blank, or
 * the euro's rate when a proposal has charges in EUR).
 */
export const SUMMARY_HEADER_ROW = 9;

/**
 * Writes the workbook to `output` as it is built. `source.rows()` is read three times (columns and
 * widths, summary, detail), never kept.
 */
export async function writeComparativeExcel(source: ComparativeSource, output: Writable): Promise<void> {
  const { header } = source;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Sistema de Cotações';
  workbook.created = header.geradoEm;
  workbook.title = formatMessage(t.heading, { codigo: header.codigo });

  const freightTypes = freightTypesOf(source.rows());
  const columns = summaryColumns(freightTypes, hasLanes(source.rows()), hasEuroAmounts(source.rows()));
  const eurLine = eurExchangeLine(source.taxa, source.rows());
  const details = detailColumns();
  const summaryFit = fitWidths(columns);
  const detailFit = fitWidths(details);
  let rowCount = 0;
  let lineCount = 0;
  for (const row of source.rows()) {
    rowCount++;
    summaryFit.measure(row);
    for (const line of detailLines(row)) {
      lineCount++;
      detailFit.measure(line);
    }
  }
  const widths = summaryFit.widths();
  // The info block shares columns A–E with the table: wide enough for its labels and dates too.
  widths[0] = Math.max(widths[0]!, t.prazoResposta.length + 2);
  widths[3] = Math.max(widths[3]!, t.prazoResposta.length + 2);
  widths[4] = Math.max(widths[4]!, 'dd/mm/yyyy hh:mm'.length + 2);

  const pageSetup: Partial<ExcelJS.PageSetup> = {
    orientation: 'landscape',
    paperSize: 9,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
  };
  const summary = workbook.addWorksheet(t.sheetSummary, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: SUMMARY_HEADER_ROW }],
    pageSetup: { ...pageSetup, printTitlesRow: `${SUMMARY_HEADER_ROW}:${SUMMARY_HEADER_ROW}` },
  });
  summary.columns = widths.map((width) => ({ width }));
  summary.autoFilter = {
    from: { row: SUMMARY_HEADER_ROW, column: 1 },
    to: { row: SUMMARY_HEADER_ROW + rowCount, column: columns.length },
  };
  const title = summary.addRow([formatMessage(t.heading, { codigo: header.codigo })]);
  title.getCell(1).font = { bold: true, size: 14, color: { argb: 'FF1E3A8A' } };
  title.height = 22;
  title.commit();
  for (const [label1, value1, label2, value2] of infoRows(source)) {
    const row = summary.addRow([label1.value, value1.value, null, label2.value, value2.value]);
    row.getCell(1).font = LABEL_FONT;
    row.getCell(4).font = LABEL_FONT;
    if (value1.numFmt) row.getCell(2).numFmt = value1.numFmt;
    if (value2.numFmt) row.getCell(5).numFmt = value2.numFmt;
    row.getCell(2).alignment = { horizontal: 'left' };
    row.getCell(5).alignment = { horizontal: 'left' };
    row.commit();
  }
  const legend = summary.addRow([legendOf(source.rows(), source.header)]);
  legend.getCell(1).font = { italic: true, color: { argb: 'FF475569' } };
  legend.commit();
  // The line above the table gives the euro's rate when a proposal sums a charge in EUR with it: the rate
  // as a number (as the dollar's, for formulas), then how it was made.
  const euroRow = summary.addRow(eurLine ? [t.taxaAplicadaEur, source.taxa.eur!.taxa, null, eurLine] : []);
  if (eurLine) {
    euroRow.getCell(1).font = LABEL_FONT;
    euroRow.getCell(2).numFmt = RATE;
    euroRow.getCell(2).alignment = { horizontal: 'left' };
  }
  euroRow.commit();
  const head = summary.addRow(columns.map((column) => column.header));
  styleHeader(head);
  head.commit();
  let written = 0;
  for (const row of source.rows()) {
    addCells(
      summary,
      columns.map((column) => column.cell(row)),
    );
    if (++written % ROWS_PER_TURN === 0) await backpressure(summary);
  }
  summary.commit();

  const detail = workbook.addWorksheet(t.sheetDetail, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
    pageSetup: { ...pageSetup, printTitlesRow: '1:1' },
  });
  detail.columns = detailFit.widths().map((width) => ({ width }));
  detail.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + lineCount, column: details.length } };
  const detailHead = detail.addRow(details.map((column) => column.header));
  styleHeader(detailHead);
  detailHead.commit();
  for (const row of source.rows()) {
    for (const line of detailLines(row))
      addCells(
        detail,
        details.map((column) => column.cell(line)),
      );
    if (++written % ROWS_PER_TURN === 0) await backpressure(detail);
  }
  detail.commit();
  await workbook.commit();
}

/** The whole workbook in memory: for the download and the e-mail of one quote. */
export async function renderComparativeExcel(source: ComparativeSource): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  await writeComparativeExcel(source, output);
  await ended;
  return Buffer.concat(chunks);
}
