import { formatMessage } from '../messages/errors.js';
import { uiComparison } from '../messages/ui-comparison.js';

/*
 * How a charge line says the quantity it counted (issue 30): '2 × R$ 1.420,00 = R$ 2.840,00',
 * '3.200 kg × US$ 0,12 = US$ 384,00', '0,3% × US$ 85.000,00 = US$ 255,00'. One text for the screen, the
 * comparative PDF and Excel and the winner's e-mail, so the four say the same.
 */

const q = uiComparison.quantity;
const amount = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

const SYMBOLS: Record<string, string> = { USD: 'US$', BRL: 'R$', EUR: '€' };

/** 'US$ 2.350,00', 'R$ 1.420,00' (an unknown code is written before the amount). */
export function moneyText(valor: number, moeda: string | null | undefined): string {
  const code = (moeda ?? '').toUpperCase();
  const symbol = SYMBOLS[code] ?? code;
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
function quantityText(line: ChargeForText & { quantidade: number }): string {
  const word = line.base === 'conteiner' && line.equipamento ? line.equipamento : UNIT_WORDS[line.base ?? ''];
  return word ? `${count.format(line.quantidade)} ${word}` : count.format(line.quantidade);
}

const UNIT_WORDS: Record<string, string> = { kg: 'kg', pesoTaxado: 'kg', m3: 'm³', wm: 'W/M' };

/** The quantity and the unit value of a charge line, with its amount when it differs from the value. */
export function chargeLineText(line: ChargeForText): string {
  if (line.valor === null) return '—';
  const unit = moneyText(line.valor, line.moeda);
  if (line.quantidade === undefined) return unit;
  if (line.quantidade === null) return `? × ${unit}`;
  let text: string;
  if (line.base === 'percentual') {
    text = `${count.format(line.valor)}% × ${moneyText(line.quantidade * 100, line.moeda)}`;
  } else {
    text = formatMessage(q.times, {
      quantidade: quantityText({ ...line, quantidade: line.quantidade }),
      valor: unit,
    });
  }
  if (typeof line.valorTotal === 'number') text += ` = ${moneyText(line.valorTotal, line.moeda)}`;
  if (line.minimoAplicado && typeof line.valorTotal === 'number')
    text += ` (${formatMessage(q.minimum, { valor: moneyText(line.valorTotal, line.moeda) })})`;
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
  let depois = typeof line.valorTotal === 'number' ? `= ${moneyText(line.valorTotal, line.moeda)}` : null;
  if (depois && line.minimoAplicado)
    depois += ` (${formatMessage(q.minimum, { valor: moneyText(line.valorTotal!, line.moeda) })})`;
  return { antes, depois };
}
