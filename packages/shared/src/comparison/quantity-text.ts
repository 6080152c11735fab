import { formatMessage } from '../messages/errors.js';
import { uiComparison } from '../messages/ui-comparison.js';

/*
 * How a charge line says the quantity it counted (issue 30): '2 × R$ 1.420,00 = R$ 2.840,00',
 * '3.200 kg × US$ 0,12 = US$ 384,00', '0,3% × US$ 85.000,00 = US$ 255,00'. One text for the screen, the
 * comparative PDF and Excel and the winner's e-mail, so the four say the same.
 */

const q = uiComparison.quantity;

/**
 * The separators of the reader: 'pt-BR' (the screen, the documents, a Portuguese e-mail) or 'en-US' (an
 * English e-mail to a carrier reads 'US$ 1,380.00', not 'US$ 1.380,00'; QA pass 4).
 */
export type NumberLocale = 'pt-BR' | 'en-US';
const formats = {
  'pt-BR': {
    amount: new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    count: new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }),
  },
  'en-US': {
    amount: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    count: new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }),
  },
} as const;

const SYMBOLS: Record<string, string> = { USD: 'US$', BRL: 'R$', EUR: '€' };

/** 'US$ 2.350,00', 'R$ 1.420,00' (an unknown code is written before the amount). */
export function moneyText(
  valor: number,
  moeda: string | null | undefined,
  locale: NumberLocale = 'pt-BR',
): string {
  const code = (moeda ?? '').toUpperCase();
  const symbol = SYMBOLS[code] ?? code;
  const amount = formats[locale].amount;
  return symbol ? `${symbol} ${amount.format(valor)}` : amount.format(valor);
}

export type ChargeForText = {
  valor: number | null;
  moeda: string | null;
  /** Units counted (absent: the figure counts as quoted; null: unknown). */
  quantidade?: number | null;
  base?: string | null;
  valorTotal?: number | null;
  minimoAplicado?: boolean;
  /** The container type a per-container charge is quoted for: '3 40HC × R$ 1.450,00'. */
  equipamento?: string | null;
};

/** '3', '3.200 kg', '3 40HC': the quantity with what it counts. */
function quantityText(line: ChargeForText & { quantidade: number }, locale: NumberLocale = 'pt-BR'): string {
  const word = line.base === 'conteiner' && line.equipamento ? line.equipamento : UNIT_WORDS[line.base ?? ''];
  const n = formats[locale].count.format(line.quantidade);
  const counted = word ? `${n} ${word}` : n;
  // A per-BL amount written for one type ("BL fee USD 60 (40')") says which: '1 (40HC) × US$ 60,00'.
  return line.base !== 'conteiner' && line.equipamento ? `${counted} (${line.equipamento})` : counted;
}

const UNIT_WORDS: Record<string, string> = { kg: 'kg', pesoTaxado: 'kg', m3: 'm³', wm: 'W/M', tonelada: 't' };

/**
 * What quantity × price comes to; when a minimum raised it, the product itself ("7,92 m³ × US$ 10,00 =
 * US$ 79,20 (mínimo US$ 100,00 aplicado)"), so the printed sum is true on its face (QA pass 6).
 */
function amountBeforeMinimum(line: ChargeForText): number {
  if (!line.minimoAplicado || line.valor === null || typeof line.quantidade !== 'number')
    return line.valorTotal ?? 0;
  return Math.round(line.valor * line.quantidade * 100) / 100;
}

/** The quantity and the unit value of a charge line, with its amount when it differs from the value. */
export function chargeLineText(line: ChargeForText, locale: NumberLocale = 'pt-BR'): string {
  if (line.valor === null) return '—';
  const money = (valor: number) => moneyText(valor, line.moeda, locale);
  const unit = money(line.valor);
  if (line.quantidade === undefined) return unit;
  if (line.quantidade === null) return `? × ${unit}`;
  let text: string;
  if (line.base === 'percentual') {
    text = `${formats[locale].count.format(line.valor)}% × ${money(line.quantidade * 100)}`;
  } else {
    text = formatMessage(q.times, {
      quantidade: quantityText({ ...line, quantidade: line.quantidade }, locale),
      valor: unit,
    });
  }
  if (typeof line.valorTotal === 'number') text += ` = ${money(amountBeforeMinimum(line))}`;
  if (line.minimoAplicado && typeof line.valorTotal === 'number')
    text += ` (${formatMessage(locale === 'en-US' ? q.minimumEn : q.minimum, { valor: money(line.valorTotal) })})`;
  return text;
}

/**
 * The quantity around a figure that shows the unit value on its own (the screen keeps the value as the
 * correctable figure): before it '2 ×' or '3.200 kg ×', after it '= R$ 2.840,00'; a percentage says
 * its whole computation after. Null parts are not shown.
 */
export function quantityAround(line: ChargeForText): { antes: string | null; depois: string | null } {
  if (line.valor === null || line.quantidade === undefined) return { antes: null, depois: null };
  if (line.quantidade === null) return { antes: '? ×', depois: null };
  if (line.base === 'percentual') return { antes: null, depois: `(${chargeLineText(line)})` };
  const antes = `${quantityText({ ...line, quantidade: line.quantidade })} ×`;
  let depois =
    typeof line.valorTotal === 'number' ? `= ${moneyText(amountBeforeMinimum(line), line.moeda)}` : null;
  if (depois && line.minimoAplicado)
    depois += ` (${formatMessage(q.minimum, { valor: moneyText(line.valorTotal!, line.moeda) })})`;
  return { antes, depois };
}

/**
 * What a row without a counted price shows in place of its totals: 'Em extração', 'Extração falhou',
 * 'Frete não informado', 'Declinou', or, when a freight was quoted per a measure the shipment does not give, which
 * measure ('Total não calculado: M3: cubagem (m³) não informada'; it read "Frete não informado").
 */
export function unpricedText(row: {
  extracao: 'pendente' | 'falhou' | 'concluida';
  fretes: readonly { valor: number | null }[];
  quantidadesDesconhecidas?: readonly string[];
  /** The carrier declined the quote: 'Declinou', not 'Frete não informado'. */
  declinou?: boolean;
}): string {
  if (row.declinou) return uiComparison.declined;
  const unknown = row.quantidadesDesconhecidas ?? [];
  if (row.extracao === 'concluida' && unknown.length > 0 && row.fretes.some((frete) => frete.valor !== null))
    return formatMessage(uiComparison.unpricedQuantity, { lista: unknown.join('; ') });
  return uiComparison.unpriced[row.extracao];
}

/**
 * A freight line's name as the screen and the documents print it: its type, and the origin of its route
 * line when the row has prices from more than one origin ('40HC (de Ningbo)', QA pass 8).
 */
export function freightName(frete: {
  tipo: string;
  origem?: string;
  faixa?: string;
  pesoTaxadoKg?: number;
  quantidade?: number;
}): string {
  const name = frete.origem
    ? formatMessage(uiComparison.freightOrigin, {
        tipo: frete.tipo,
        origem: formatMessage(uiComparison.freightOriginOnly, { origem: frete.origem }),
      })
    : frete.tipo;
  const band = weightBandText(frete);
  return band ? `${name} ${band}` : name;
}

/** '(faixa +500 kg)', or why a higher band counts: '(faixa +100 kg: 90 kg cobrados como 100 kg, mais barato)'. */
export function weightBandText(frete: {
  faixa?: string;
  pesoTaxadoKg?: number;
  quantidade?: number;
}): string | null {
  if (!frete.faixa) return null;
  if (frete.pesoTaxadoKg === undefined || !frete.quantidade)
    return formatMessage(uiComparison.weightBand, { faixa: frete.faixa });
  const kg = (value: number) => formats['pt-BR'].count.format(value);
  return formatMessage(uiComparison.weightBandRaised, {
    faixa: frete.faixa,
    peso: kg(frete.pesoTaxadoKg),
    cobrado: kg(frete.quantidade),
  });
}

/** A transit in days as the reply wrote it: '25–30' for a range, '30' for one figure, null when none. */
export function transitDaysText(prazo: { valor: number | null; minimoDias?: number }): string | null {
  if (prazo.valor === null) return null;
  return prazo.minimoDias !== undefined ? `${prazo.minimoDias}–${prazo.valor}` : String(prazo.valor);
}
