import type { Comparison, ComparisonRow, ExchangeRateInfo } from '@cotacoes/shared';
import { formatMessage } from '@cotacoes/shared';
import { hasEuroAmounts } from '@cotacoes/shared/comparison/currency';
import { estimateNoteText } from '@cotacoes/shared/comparison/estimate-text';
import { feeDisplayName } from '@cotacoes/shared/comparison/fee-names';
import { freightTypeName } from '@cotacoes/shared/comparison/freight-type';
import { unpricedText } from '@cotacoes/shared/comparison/quantity-text';
import { comparativeDocumentMessages as t } from '@cotacoes/shared/messages/ui-comparative';
import { uiComparison } from '@cotacoes/shared/messages/ui-comparison';
import { uiDecisions } from '@cotacoes/shared/messages/ui-decisions';
import { uiLanes } from '@cotacoes/shared/messages/ui-lanes';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';

/*
 * What the Excel and the PDF share: the quote's header, the rows of the comparison (exactly the
 * `Comparison` the Comparação tab shows) and the pt-BR formats. Both renderers are pure functions of it.
 */

/** The quote's own data printed above the comparison. */
export type ComparativeHeader = {
  empresa: string;
  codigo: string;
  origem: string | null;
  destino: string | null;
  nomeSolicitante: string;
  prazoResposta: Date;
  geradoEm: Date;
  /** The quote was cancelled: the legend says so and no row is marked (ADR 0026 addendum). */
  cancelada?: boolean;
  /** The carriers consulted that never answered, by name: the legend names them (as the e-mail does). */
  semResposta?: readonly string[];
};

/**
 * A comparison as the renderers read it. `rows()` is called once per pass (columns, summary, detail), so
 * a generator can feed an export far larger than memory (the 100,000-row benchmark).
 */
export type ComparativeSource = {
  header: ComparativeHeader;
  taxa: ExchangeRateInfo;
  rows: () => Iterable<ComparisonRow>;
};

export function sourceOf(comparison: Comparison, header: ComparativeHeader): ComparativeSource {
  return { header, taxa: comparison.taxa, rows: () => comparison.linhas };
}

export const comparativeFilename = (codigo: string, extension: 'xlsx' | 'pdf') =>
  `comparativo-${codigo}.${extension}`;

const TIME_ZONE = 'America/Sao_Paulo';
const decimal2 = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal4 = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const margin = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The symbol a currency code is shown with (the product's money format: "US$ 2.350,00"). */
export function currencySymbol(code: string | null): string {
  switch ((code ?? '').toUpperCase()) {
    case 'USD':
      return 'US$';
    case 'BRL':
      return 'R$';
    case 'EUR':
      return '€';
    default:
      return (code ?? '').toUpperCase();
  }
}

export function formatNumber(value: number): string {
  return decimal2.format(value);
}

/** An amount in its currency, pt-BR separators: US$ 2.350,00 (as formatMoney of the web). */
export function formatMoney(value: number, currency: string | null): string {
  const symbol = currencySymbol(currency);
  return symbol ? `${symbol} ${decimal2.format(value)}` : decimal2.format(value);
}

export function formatRate(value: number): string {
  return decimal4.format(value);
}

export function formatMargin(value: number): string {
  return margin.format(value);
}

/** A timestamp as dd/MM/yyyy HH:mm in Brasília time. */
export function formatDateTime(value: Date): string {
  return dateTime.format(value).replace(',', '');
}

/** The time Brasília's clocks show, as a UTC date (spreadsheet dates carry no time zone). */
export function wallClock(value: Date): Date {
  const part = Object.fromEntries(wallClockParts.formatToParts(value).map((p) => [p.type, p.value]));
  return new Date(
    Date.UTC(
      Number(part.year),
      Number(part.month) - 1,
      Number(part.day),
      Number(part.hour),
      Number(part.minute),
      Number(part.second),
    ),
  );
}

/** An ISO day (YYYY-MM-DD, possibly with a time) as a UTC date, or null when it is no such date. */
export function parseIsoDay(value: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[3]) ? null : date;
}

/** dd/MM/yyyy of an ISO day, without shifting it through a time zone; other text as it is. */
export function formatDay(value: string | null): string | null {
  const day = parseIsoDay(value);
  if (!day) return value?.trim() ? value : null;
  return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
}

export function routeOf(header: ComparativeHeader): string {
  return formatMessage(t.routeValue, {
    origem: header.origem?.trim() || t.notInformed,
    destino: header.destino?.trim() || t.notInformed,
  });
}

/** 'PTAX 5,1234 de 12/03/2025 + margem 2,5% = 5,2515' (or the flagged fallback rate). */
export function exchangeLine(taxa: ExchangeRateInfo): string {
  return formatMessage(taxa.fonte === 'fallback' ? t.exchangeFallbackLine : t.exchangeLine, {
    ptax: formatRate(taxa.ptax),
    data: formatDay(taxa.dataCotacao) ?? t.notInformed,
    margem: formatMargin(taxa.margem),
    taxa: formatRate(taxa.taxa),
  });
}

/** The euro's rate line, when a proposal sums a charge in EUR with it (else null: nothing to say). */
export function eurExchangeLine(taxa: ExchangeRateInfo, rows: Iterable<ComparisonRow>): string | null {
  if (!taxa.eur || !hasEuroAmounts(rows)) return null;
  const fallback = taxa.eur.fonte === 'fallback';
  return formatMessage(fallback ? t.exchangeEurFallbackLine : t.exchangeEurLine, {
    ptax: formatRate(taxa.eur.ptax),
    data: formatDay(taxa.eur.dataCotacao) ?? t.notInformed,
    margem: formatMargin(taxa.margem),
    taxa: formatRate(taxa.eur.taxa),
  });
}

export function statusLabel(status: string): string {
  return uiReplies.cards.statuses[status] ?? status;
}

/**
 * A row's 'Situação': 'Declinou' for a carrier that declined the quote (it is listed, as on the screen,
 * with 'Declinou' in place of its figures and no bar in the chart), else its answer's status.
 */
export function rowStatusLabel(row: ComparisonRow): string {
  if (row.declinou) return uiComparison.declined;
  // Flagged on the screen until an analyst confirms the sender (ADR 0023): the files say so too (QA pass 25).
  const status = statusLabel(row.status);
  return row.remetenteNaoVerificado ? formatMessage(t.unverifiedSender, { status }) : status;
}

export function highlightsOf(row: ComparisonRow): string {
  return [
    row.destaque.menorCusto
      ? row.menorCustoEstimado
        ? t.highlight.menorCustoEstimado
        : t.highlight.menorCusto
      : null,
    row.destaque.menorPrazo ? t.highlight.menorPrazo : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * How the cheapest by its estimate was made ('Estimado em R$ 3.136,63, completando com BL FEE de Atlântico
 * (R$ 319,80)'), or null for any other row: said wherever the documents name the cheapest.
 */
export function estimateTextOf(row: ComparisonRow): string | null {
  return row.destaque.menorCusto && row.menorCustoEstimado ? estimateNoteText(row.menorCustoEstimado) : null;
}

/** Some row is the cheapest by its estimate: the legend says how such an estimate is made. */
export function hasEstimate(rows: Iterable<ComparisonRow>): boolean {
  for (const row of rows) if (estimateTextOf(row) !== null) return true;
  return false;
}

/** The legend of the highlights, with how the estimate is made when the cheapest is one. */
export function legendOf(
  rows: Iterable<ComparisonRow>,
  header?: Pick<ComparativeHeader, 'cancelada' | 'semResposta'>,
): string {
  const legend = header?.cancelada
    ? uiDecisions.comparison.cancelledNote
    : hasEstimate(rows)
      ? `${t.legend} ${t.legendEstimated}`
      : t.legend;
  // Who was asked and did not answer: a reader of the files alone saw only those who did (QA pass 39a).
  const silent = header?.semResposta ?? [];
  return silent.length > 0 ? `${legend} ${formatMessage(t.silent, { nomes: silent.join(', ') })}` : legend;
}

/**
 * Why a row's totals are no figure ('Em extração', 'Extração falhou', 'Frete não informado'), or null when
 * it has a price. Every rendering prints this in the total cells and leaves the row out of the chart.
 */
export function unpricedReason(row: ComparisonRow): string | null {
  return row.precificada ? null : unpricedText(row);
}

/**
 * What a revision did not state and the row takes from the carrier's previous versions: "Da versão 1:
 * destino, transit time, taxas THC, BL fee" (ADR 0024 addendum; the fees as the carrier wrote them), each item under the version that stated
 * it as the screen marks it ("Da versão 2: destino; da versão 1: transit time"), or '' when it states
 * everything.
 */
export function carriedOf(row: ComparisonRow): string {
  const names = t.carriedItems;
  const fallback = row.condicoesMantidas?.versao ?? row.variacao?.versaoAnterior;
  const byVersion = new Map<number, string[]>();
  const add = (versao: number | undefined, item: string) => {
    if (versao === undefined) return;
    byVersion.set(versao, [...(byVersion.get(versao) ?? []), item]);
  };
  add(row.destinoVersaoAnterior, names.destino);
  add(row.armadorVersaoAnterior, names.armador);
  // A price the revision did not restate ("40HC USD 1.700, 20DC sem alteração"): the QA pass read a note
  // that listed the fees kept and not the 20DC freight.
  for (const frete of row.fretes)
    if (frete.versaoAnterior !== undefined && frete.valor !== null)
      add(frete.versaoAnterior, formatMessage(names.frete, { tipo: freightTypeName(frete.tipo) }));
  add(row.prazo.versaoAnterior, names.prazo);
  add(row.freeTime.versaoAnterior, names.freeTime);
  add(row.validade.versaoAnterior, names.validade);
  const keptFees = new Map<number, string[]>();
  for (const taxa of row.taxas.filter((item) => item.origem === 'versao_anterior')) {
    const stated = /^versao:(\d+)$/.exec(taxa.fonte?.origin ?? '');
    const versao = stated ? Number(stated[1]) : fallback;
    if (versao !== undefined)
      keptFees.set(versao, [...(keptFees.get(versao) ?? []), feeDisplayName(taxa.rotulo || taxa.nome)]);
  }
  for (const [versao, nomes] of keptFees)
    add(versao, formatMessage(names.taxas, { nomes: nomes.join(', ') }));
  return [...byVersion.entries()]
    .sort(([a], [b]) => b - a)
    .map(([versao, itens], index) =>
      formatMessage(index === 0 ? t.carried : t.carriedMore, { versao, itens: itens.join(', ') }),
    )
    .join('; ');
}

/**
 * A revision's change of total against the carrier's previous version, as the screen's ▼/▲: '-1.573,68 vs
 * v1' (cheaper), '+…' (dearer), with '(incompleta: não é economia)' when the version left out charges (QA
 * pass 8: the PDF showed such a drop as a saving); null for a first answer, an unchanged total or a row
 * without price.
 */
export function changeTextOf(row: ComparisonRow, currency: 'BRL' | 'USD'): string | null {
  const change = row.variacao;
  if (!change || !row.precificada) return null;
  const value = currency === 'BRL' ? change.custoTotalBRL : change.custoTotalUSD;
  if (value === null || value === undefined || value === 0) return null;
  const earlierLacked = change.anteriorSemFrete ?? [];
  return formatMessage(
    earlierLacked.length > 0
      ? t.changeLineEarlierLacked
      : change.incompleta
        ? t.changeLineIncomplete
        : t.changeLine,
    {
      sinal: value < 0 ? '-' : '+',
      valor: formatNumber(Math.abs(value)),
      versao: change.versaoAnterior,
      itens: earlierLacked.map((item) => t.missing[item] ?? item).join(', '),
    },
  );
}

export function missingOf(row: ComparisonRow): string {
  // The fields the reply lacks, then the charges (absent, or outside the total): what the screen's badges say.
  return [
    ...row.faltando.map((key) => t.missing[key] ?? key),
    ...(row.taxasAusentes ?? []).map(feeDisplayName),
    ...(row.taxasNaoSomadas ?? []).map((fee) => formatMessage(t.outsideTotal, { taxa: fee })),
    // A charge whose quantity the quote does not give (QA pass 43a: the Excel said nothing of it).
    ...(row.quantidadesDesconhecidas ?? []).map((item) => formatMessage(t.outsideTotal, { taxa: item })),
  ].join(', ');
}

/**
 * The row against its lane's 90-day median (issue 36): "22 % acima da mediana de 90 dias, 14 propostas",
 * or null when the lane has no median (fewer than 3 points).
 */
export function laneTextOf(row: ComparisonRow): string | null {
  const lane = row.lane;
  if (!lane) return null;
  const values = { pct: margin.format(Math.abs(lane.deltaPct)), n: lane.quantidade };
  return formatMessage(lane.flag ? uiLanes.rowFlag[lane.flag] : uiLanes.rowFlag.within, {
    ...values,
    pct: lane.flag ? values.pct : margin.format(lane.deltaPct),
  });
}

/** 'Mediana 90 dias: US$ 3.000,00/40HC' under a row's freight in the PDF; null without a median. */
export function laneMedianLineOf(row: ComparisonRow): string | null {
  if (!row.lane) return null;
  return formatMessage(t.laneMedianLine, {
    valor: formatMoney(row.lane.mediana, 'USD'),
    unidade: uiLanes.units[row.lane.unidade] ?? row.lane.unidade,
  });
}

export function hasLanes(rows: Iterable<ComparisonRow>): boolean {
  for (const row of rows) if (row.lane) return true;
  return false;
}

/**
 * The row's destination as printed: the answer's port; else the quote's only port, said to be the
 * quote's; else 'Não informado' (the screen's rule, `RowDestination`).
 */
export function destinationOf(row: ComparisonRow): string {
  const named = row.destino?.trim();
  if (named) return named;
  return row.destinoDaCotacao
    ? formatMessage(t.quoteDestination, { destino: row.destinoDaCotacao })
    : t.noDestination;
}

/** Container types in a reading order: 20', 40', 40'HC, then per-weight and per-volume units. */
function freightRank(tipo: string): number {
  const key = tipo.toUpperCase();
  if (/20/.test(key)) return 0;
  if (/40/.test(key)) return /H[CQ]/.test(key) ? 2 : 1;
  if (/45/.test(key)) return 3;
  if (/KG/.test(key)) return 4;
  if (/M3|M³|CBM/.test(key)) return 5;
  return 6;
}

/** Every freight type found in the rows, each once, in reading order: one column each. */
export function freightTypesOf(rows: Iterable<ComparisonRow>): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const frete of row.fretes) seen.add(frete.tipo);
  return [...seen].sort((a, b) => freightRank(a) - freightRank(b) || a.localeCompare(b, 'pt-BR'));
}

/** The row's freight of one type (the first, when an answer repeats a type). */
/** The price of a freight type the row counts (an air rate of the charged band, QA pass 26), else its first. */
export function freightOf(row: ComparisonRow, tipo: string) {
  const priced = row.fretes.filter((frete) => frete.tipo === tipo && frete.valor !== null);
  return priced.find((frete) => frete.valorTotal !== undefined) ?? priced[0] ?? null;
}
