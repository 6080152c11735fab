import { isAllInFreight } from '@cotacoes/shared/comparison/all-in';
import { askedName, type ContainerAsk } from '@cotacoes/shared/comparison/containers';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { DadosExtraidos } from '@cotacoes/shared/schemas/responses';
import { formatIsoDate, formatMoney } from '@/lib/format';

const t = uiReplies.cards;
type Final = DadosExtraidos['final'];
type Fee = Final['taxas']['itens'][number];

/** Spec 001 §5: '$' or 'USD' is USD, 'R$' or 'BRL' is BRL. */
export function normaliseCurrency(value: string | null | undefined): string {
  const upper = (value ?? '').trim().toUpperCase();
  if (upper === '$' || upper === 'US$' || upper === 'USD') return 'USD';
  if (upper === 'R$' || upper === 'BRL') return 'BRL';
  if (upper === '€' || upper === 'EUR') return 'EUR';
  return upper || 'USD';
}

type FeeItem = {
  nome: string;
  moeda: string;
  valor: number;
  unidade: string | null;
  destino: string | null;
  /** A minimum amount of the charge ("BAF USD 12/t, min USD 60"). */
  minimo: number | null;
};

/**
 * Fee totals by currency with the spec's rules (§5): lines named TOTAL are ignored, IOF-type lines only
 * below 1000, the maximum per (destination, name, currency and container type), then summed per currency.
 */
export function feeTotals(
  fees: readonly Fee[],
  asked: readonly ContainerAsk[] = [],
): {
  count: number;
  totals: Map<string, number>;
  items: FeeItem[];
} {
  const perKey = new Map<string, FeeItem>();
  for (const fee of fees) {
    const name = `${fee.nome} ${fee.rotulo}`.toUpperCase();
    const valor = fee.valor;
    // A value the analyst cleared ('not informed') is not a charge.
    if (valor === null || name.includes('TOTAL')) continue;
    if (name.includes('IOF') && valor >= 1000) continue;
    const moeda = normaliseCurrency(fee.moeda);
    // A charge priced per container type ("THC 20DV" / "THC 40HC") is listed once per type (QA pass 11: the
    // card showed only the dearer one); the unit then names the type.
    const equipamento = (fee as { equipamento?: unknown }).equipamento;
    // Named as the quote names it ('20DV' where the reading says 20DC; QA pass 26).
    const tipo = typeof equipamento === 'string' && equipamento ? askedName(equipamento, asked) : null;
    // The port of loading's charge ("Origin THC") is not the destination's of the same name (QA pass 13).
    const lado = (fee as { lado?: unknown }).lado === 'origem' ? 'origem' : '';
    const key = `${fee.destino ?? ''}|${fee.nome.toUpperCase()}|${lado}|${moeda}|${tipo ?? ''}`;
    const kept = perKey.get(key);
    // A per-BL amount written for one type ("BL fee USD 60 (40')") keeps its unit and names the type.
    const perContainer = typeof fee.unidade !== 'string' || fee.unidade.toUpperCase() === 'CNTR';
    const unidade = tipo && perContainer ? `/${tipo}` : typeof fee.unidade === 'string' ? fee.unidade : null;
    const nome = fee.rotulo || fee.nome;
    // A charge of one port says which (a reply or portal answer pricing two ports apart, QA pass 17).
    const destino = fee.destino?.trim() && /\p{L}/u.test(fee.destino) ? fee.destino.trim() : null;
    if (!kept || valor > kept.valor)
      perKey.set(key, {
        nome: tipo && !perContainer ? `${nome} (${tipo})` : nome,
        moeda,
        valor,
        unidade,
        destino,
        minimo: minimumOf(fee),
      });
  }
  const totals = new Map<string, number>();
  for (const { moeda, valor } of perKey.values()) totals.set(moeda, (totals.get(moeda) ?? 0) + valor);
  return { count: perKey.size, totals, items: [...perKey.values()] };
}

/** A charge's minimum amount, when the reading has one. */
function minimumOf(fee: Fee): number | null {
  const minimo: unknown = (fee as unknown as { minimo?: unknown }).minimo;
  return typeof minimo === 'number' ? minimo : null;
}

/** The card's fee line: each fee with its unit, not a sum of a per-container and a per-BL value. */
const SHOWN_FEES = 4;
function feesText(items: ReturnType<typeof feeTotals>['items'], air: boolean): string {
  // An air reply's document is the AWB: its per-document fee reads '/AWB', not '/BL'.
  const units = air ? { ...t.feeUnits, ...t.feeUnitsAir } : t.feeUnits;
  const text = (item: (typeof items)[number]) => {
    const texto = formatMessage(t.feeItem, {
      nome: item.destino ? `${item.nome} (${item.destino})` : item.nome,
      valor: formatMoney(item.valor, item.moeda),
      unidade: item.unidade?.startsWith('/')
        ? item.unidade
        : ((item.unidade && units[item.unidade.toUpperCase()]) ?? ''),
    });
    return item.minimo === null
      ? texto
      : formatMessage(t.feeItemMinimum, { texto, minimo: formatMoney(item.minimo, item.moeda) });
  };
  const shown = items.slice(0, SHOWN_FEES).map(text).join(' · ');
  const lista =
    items.length > SHOWN_FEES
      ? formatMessage(t.feesMore, { lista: shown, n: items.length - SHOWN_FEES })
      : shown;
  return formatMessage(t.feesValue, { lista });
}

/** The ports the reply prices one by one (two or more), in the order it names them; none otherwise. */
function pricedPorts(final: Final): string[] {
  const ports = [...new Set(final.fretes.map((frete) => frete.destino).filter((d): d is string => !!d))];
  return ports.length >= 2 ? ports : [];
}

function portsText(entries: Array<{ porto: string; valor: string | null }>): string | null {
  const shown = entries.flatMap(({ porto, valor }) => (valor === null ? [] : [{ porto, valor }]));
  return shown.length === 0
    ? null
    : shown.map((entry) => formatMessage(t.perPort, entry)).join(t.perPortSeparator);
}

function containerPrice(final: Final, units: readonly string[], headline: number | null) {
  const priceOf = (port: string | null) => {
    const item = units
      .map((unit) =>
        final.fretes.find(
          (frete) =>
            frete.unidade === unit && frete.valor !== null && (port === null || frete.destino === port),
        ),
      )
      .find(Boolean);
    return item?.valor != null ? formatMoney(item.valor, normaliseCurrency(item.moeda)) : null;
  };
  // Two ports priced apart: each its own price, not the first port's for both (QA pass 3).
  const ports = pricedPorts(final);
  if (ports.length > 0) {
    const text = portsText(ports.map((porto) => ({ porto, valor: priceOf(porto) })));
    if (text !== null) return text;
  }
  const price = priceOf(null);
  if (price !== null) return price;
  return headline === null ? null : formatMoney(headline, normaliseCurrency(final.moeda));
}

/** A container freight unit (20DC, 40HC, 45HC, CNTR): the card's 20' and 40' rows show those. */
const isContainerUnit = (unidade: string) => /^(?:20|40|45)|^(?:CNTR|CONTAINER)$/.test(unidade.toUpperCase());

/** A unit price keeps its third and fourth decimals ("US$ 0,125/kg"); an amount has two. */
function unitMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('pt-BR', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(value);
  } catch {
    return formatMoney(value, currency);
  }
}

/**
 * The freight priced per kg, m³, W/M, tonne, BL or trip (air, LCL, road): "US$ 3,85/kg (mín. US$ 150,00)",
 * each port its own when the reply prices two or more; null when every price is per container (QA pass on
 * air and LCL: their cards showed only "Frete 20'" and "Frete 40'", both "Não informado").
 */
function unitFreight(final: Final, air: boolean): string | null {
  const units = air ? { ...t.freightUnits, ...t.feeUnitsAir } : t.freightUnits;
  const text = (valor: number, moeda: string | null, unidade: string, minimo: number | null) => {
    const currency = normaliseCurrency(moeda);
    const price = formatMessage(t.freightPerUnit, {
      valor: unitMoney(valor, currency),
      unidade: units[unidade.toUpperCase()] ?? '',
    });
    return minimo === null
      ? price
      : formatMessage(t.freightMinimum, { texto: price, minimo: formatMoney(minimo, currency) });
  };
  if (final.fretes.length === 0) {
    // A reading with only the headline figures: the price per kg or per m³.
    if (final.preco_por_kg !== null) return text(final.preco_por_kg, final.moeda, 'KG', final.preco_minimo);
    if (final.preco_por_m3 !== null) return text(final.preco_por_m3, final.moeda, 'M3', final.preco_minimo);
    return null;
  }
  const lines = final.fretes.filter((frete) => frete.valor !== null && !isContainerUnit(frete.unidade));
  const at = (port: string | null) => {
    const shown = [
      ...new Set(
        lines
          .filter((frete) => port === null || frete.destino === port || frete.destino === null)
          .map((frete) => {
            const priced = text(frete.valor!, frete.moeda, frete.unidade, frete.minimo);
            const band = bandOf(frete, lines);
            // An air weight band names itself, as on the comparison row (QA pass 26).
            return band ? formatMessage(t.freightBand, { faixa: band, texto: priced }) : priced;
          }),
      ),
    ];
    return shown.length === 0 ? null : shown.join(t.freightSeparator);
  };
  const ports = pricedPorts(final);
  if (ports.length > 0) {
    const perPort = portsText(ports.map((porto) => ({ porto, valor: at(porto) })));
    if (perPort !== null) return perPort;
  }
  return at(null);
}

/** '+500 kg' for a rate of the band from 500 kg; '-45 kg' for the band under the next one; null for no band. */
function bandOf(frete: Final['fretes'][number], lines: readonly Final['fretes'][number][]): string | null {
  const bound = (item: unknown) => {
    const value = (item as { faixaKg?: unknown }).faixaKg;
    return typeof value === 'number' && value >= 0 ? value : null;
  };
  const own = bound(frete);
  if (own === null) return null;
  if (own > 0) return `+${own} kg`;
  const next = lines
    .map(bound)
    .filter((value): value is number => value !== null && value > 0)
    .sort((a, b) => a - b)[0];
  return next === undefined ? null : `-${next} kg`;
}

function rangeText(min: number | null, max: number | null, days: number | null): string | null {
  if (min !== null && max !== null && min !== max) return formatMessage(t.daysRange, { min, max });
  return days === null ? null : formatMessage(t.days, { count: days });
}

/**
 * Each port's own days when the reply gives them per port (a port without its own reads the answer's, as in
 * the Comparação); null when no port has its own.
 */
function perPortDays(
  final: Final,
  key: 'transit_time_dias' | 'free_time_dias',
  general: number | null,
): string | null {
  if (final.destinos.length < 2 || final.destinos.every((destino) => typeof destino[key] !== 'number'))
    return null;
  return portsText(
    final.destinos.map((destino) => {
      const own = destino[key];
      const days = typeof own === 'number' ? own : general;
      return { porto: destino.nome, valor: days === null ? null : formatMessage(t.days, { count: days }) };
    }),
  );
}

function transitText(final: Final): string | null {
  return (
    perPortDays(final, 'transit_time_dias', final.transit_time_dias) ??
    rangeText(final.transit_time_min_dias, final.transit_time_max_dias, final.transit_time_dias)
  );
}

export interface ResponseSummary {
  /** Freight not per container (per kg, m³, W/M…: air, LCL); null when none. */
  frete: string | null;
  frete20: string | null;
  frete40: string | null;
  taxas: string | null;
  transitTime: string | null;
  freeTime: string | null;
  validade: string | null;
  pagamento: string | null;
  confidence: number | undefined;
}

/** What a card shows of an extraction: freight per container, fees, times, validity and payment. */
export function summarise(
  dados: DadosExtraidos,
  condicoesPagamento: string | null,
  asked: readonly ContainerAsk[] = [],
): ResponseSummary {
  const { final } = dados;
  const fees = feeTotals(final.taxas.itens, asked);
  const air = (final.modal ?? '').toUpperCase() === 'AEREO';
  const general = final.validadeProposta
    ? formatIsoDate(final.validadeProposta, final.validadeProposta)
    : null;
  // Each port's own validity when the reply gives one per port (QA pass 41c), as its days are.
  const validade =
    final.destinos.length >= 2 && final.destinos.some((destino) => typeof destino.validade === 'string')
      ? portsText(
          final.destinos.map((destino) => ({
            porto: destino.nome,
            valor:
              typeof destino.validade === 'string'
                ? formatIsoDate(destino.validade, destino.validade)
                : general,
          })),
        )
      : general;
  return {
    frete: unitFreight(final, air),
    frete20: containerPrice(final, ['20DC', '20HC', '20RF'], final.preco_por_container_20),
    frete40: containerPrice(final, ['40HC', '40DC', '40RF'], final.preco_por_container_40),
    // An all-in price has no separate charges: not "Não informado" (QA pass 24), as the comparison says.
    taxas: fees.count === 0 ? (isAllInFreight(final) ? t.allInFees : null) : feesText(fees.items, air),
    transitTime: transitText(final),
    freeTime:
      perPortDays(final, 'free_time_dias', final.free_time_destino_dias) ??
      (final.free_time_destino_dias === null
        ? null
        : formatMessage(t.days, { count: final.free_time_destino_dias })),
    validade,
    pagamento: condicoesPagamento ?? final.condicoesPagamento,
    confidence: final.confidence_overall,
  };
}

/** The figures of a summary a revision may leave unsaid ("Demais condições mantidas"); payment is never carried. */
const CARRIED_FIELDS = [
  'frete',
  'frete20',
  'frete40',
  'taxas',
  'transitTime',
  'freeTime',
  'validade',
] as const;

/**
 * A version's summary with what it leaves unsaid filled from the versions before it, while each says the rest
 * still applies ("Demais condições mantidas", ADR 0024 addendum), as the comparison does: each such figure
 * named "(da versão N)". `earlier` is the entry's versions, newest first; those without a reading are skipped.
 */
export function summariseWithCarried(
  version: { versao: number; dadosExtraidos: DadosExtraidos | null; condicoesPagamento: string | null },
  earlier: readonly {
    versao: number;
    dadosExtraidos: DadosExtraidos | null;
    condicoesPagamento: string | null;
  }[],
  asked: readonly ContainerAsk[] = [],
): ResponseSummary & { carried: Partial<Record<(typeof CARRIED_FIELDS)[number], number>> } {
  const dados = version.dadosExtraidos;
  const summary = dados ? summarise(dados, version.condicoesPagamento, asked) : ({} as ResponseSummary);
  const carried: Partial<Record<(typeof CARRIED_FIELDS)[number], number>> = {};
  let keeps = Boolean(dados?.final.condicoesMantidas);
  for (const before of earlier) {
    if (!keeps || before.versao >= version.versao) continue;
    if (!before.dadosExtraidos) continue;
    const older = summarise(before.dadosExtraidos, before.condicoesPagamento, asked);
    for (const field of CARRIED_FIELDS)
      if (summary[field] === null && older[field] !== null) {
        summary[field] = older[field];
        carried[field] = before.versao;
      }
    keeps = Boolean(before.dadosExtraidos.final.condicoesMantidas);
  }
  return { ...summary, carried };
}

/** 'Respondeu em 3 h 20 min': minutes under an hour, hours and minutes under a day, then days and hours. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const d = t.duration;
  // An answer within the first minute (an auto-quote, the local mailbox): not "0 min", as Indicadores says.
  if (minutes < 1) return d.underMinute;
  if (minutes < 60) return formatMessage(d.minutes, { min: minutes });
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  if (h < 24) return formatMessage(min ? d.hoursMinutes : d.hours, { h, min });
  const days = Math.floor(h / 24);
  const rest = h % 24;
  return formatMessage(rest ? d.daysHours : d.days, { d: days, h: rest });
}

/**
 * The reasons files could not be read, each said once: "scan_000.png, scan_001.png, scan_002.png e mais 17
 * arquivo(s): …" instead of one line per file (QA pass 40b: a reply with 200 scans made a card of 6.500 px).
 * A reason is "<file>: <why>"; one without a file name stays as it is.
 */
export function groupUnreadable(reasons: readonly string[], shown = 3): string[] {
  const byWhy = new Map<string, string[]>();
  const whole: string[] = [];
  for (const reason of reasons) {
    const cut = reason.indexOf(': ');
    if (cut <= 0) {
      whole.push(reason);
      continue;
    }
    const why = reason.slice(cut + 2);
    byWhy.set(why, [...(byWhy.get(why) ?? []), reason.slice(0, cut)]);
  }
  const grouped = [...byWhy].map(([why, files]) => {
    const names =
      files.length <= shown + 1
        ? files.join(', ')
        : formatMessage(uiReplies.cards.unreadableGroup, {
            arquivos: files.slice(0, shown).join(', '),
            n: files.length - shown,
          });
    return `${names}: ${why}`;
  });
  return [...grouped, ...whole];
}
